package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/shortlex/shortlex/corpus"
	"github.com/shortlex/shortlex/fuzzsrc"
)

// envSeedCount is the variable the Fuzz<Bug>Seeded targets read for how
// many inputs to generate (targets.EnvSeedCount; the targets are test
// code, which a command cannot import).
const envSeedCount = "TTFC_SEEDS"

// isSeeded reports whether target is of the seeded library.
func isSeeded(target string) bool {
	_, lib := targetName(target)
	return lib == seededLibrary
}

// seedEnv is the environment a go test run of target needs: the seed
// count, for a target of the seeded library.
func seedEnv(c config, target string) []string {
	if isSeeded(target) {
		return []string{fmt.Sprintf("%s=%d", envSeedCount, c.seeds)}
	}
	return nil
}

// seedsDir is where a seeded target's libFuzzer seed files are kept.
func seedsDir(c config, target string) string {
	return filepath.Join(c.work, target+".seeds")
}

// writeSeeds writes the seeds a seeded target generates as libFuzzer
// testcases, the way an OSS-Fuzz build would ship them in its seed corpus
// zip: go test writes them as corpus files (fuzzsrc.EnvSeeds), then each
// is encoded as go-118-fuzz-build v1 reads a []byte argument. The test run
// itself may fail, on a seed that finds the bug.
func writeSeeds(c config, target string) error {
	gen := filepath.Join(c.work, target+".corpus")
	cmd := exec.Command("go", "test", "-run=^"+target+"$", "-count=1", ".")
	cmd.Dir = c.dir
	cmd.Env = append(os.Environ(), append(seedEnv(c, target), fuzzsrc.EnvSeeds+"="+gen)...)
	out, err := cmd.CombinedOutput()
	entries, rerr := corpus.ReadDir(filepath.Join(gen, target))
	if rerr != nil {
		return fmt.Errorf("%s: no generated seeds (%v; go test: %v):\n%s", target, rerr, err, out)
	}
	dir := seedsDir(c, target)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, e := range entries {
		tc, err := corpus.Encode(corpus.NativeV1, e.Values...)
		if err != nil {
			return fmt.Errorf("%s: seed %s: %v", target, e.Name(), err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), tc, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// copySeeds copies a seeded target's seed files into a run's corpus.
func copySeeds(c config, target, corpusDir string) error {
	if !isSeeded(target) {
		return nil
	}
	files, err := filepath.Glob(filepath.Join(seedsDir(c, target), "*"))
	if err != nil {
		return err
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(corpusDir, filepath.Base(f)), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
