//go:build probes

package minimize_test

func probesA() []probe {
	return nil
}
