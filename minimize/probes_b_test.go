//go:build probes

package minimize_test

func probesB() []probe {
	return nil
}
