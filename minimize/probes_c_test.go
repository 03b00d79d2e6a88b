//go:build probes

package minimize_test

func probesC() []probe {
	return nil
}
