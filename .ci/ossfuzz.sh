#!/usr/bin/env bash
# The examples' whole loop, checked end to end, and their OSS-Fuzz path.
#
#  1. examples/run.sh minimizes every shipped crasher with tools/minimize;
#     each must reduce to its known minimal value.
#  2. Two example fuzz targets are built into libFuzzer binaries exactly as
#     OSS-Fuzz's compile_native_go_fuzzer does (go-118-fuzz-build, then
#     clang with -fsanitize=fuzzer), run until they crash (a minute at
#     most), and the crash file is converted and minimized with
#     tools/minimize -style v1. The result must be the known minimal value
#     and must replay under plain go test.
#  3. OSS-Fuzz's v2 build (go-118-fuzz-build_v2) is tried if the module
#     proxy serves it.
#
# Installs what it needs on a Debian machine with Go: clang and
# libclang-rt-14-dev (apt), go-118-fuzz-build (the Go module proxy).
# Idempotent; removes everything it writes into the tree.
set -euo pipefail
cd "$(dirname "$0")/.."

# The shared steps: installing clang and go-118-fuzz-build, and building
# one target as OSS-Fuzz does (FUZZ_BUILD, libfuzzer_install,
# libfuzzer_build).
source .ci/libfuzzer.sh

# The targets built for libFuzzer: package, fuzz target, the draw line
# tools/minimize must report for the minimal input.
TARGETS=(
	"./examples/calc FuzzEval draw expr: calc.Div{L:0, R:calc.Add{L:0, R:0}}"
	"./examples/tree FuzzEncode draw tree: &Node{Left: &Node{Left: &Node{}, Right: nil}, Right: nil}"
)

start=$SECONDS
work=$(mktemp -d)
written=() # corpus files the tool wrote into the tree
cleanup() {
	for f in "${written[@]+"${written[@]}"}"; do
		rm -f -- "$f"
		rmdir -p -- "$(dirname "$f")" 2>/dev/null || true
	done
	rm -rf -- "$work"
}
trap cleanup EXIT

step() { echo "== ossfuzz: $* ($((SECONDS - start))s)"; }
fail() { echo "ossfuzz: FAIL: $*" >&2; exit 1; }

# json_field FIELD FILE prints FIELD of the tool's "done" event.
json_field() {
	grep '"event":"done"' "$2" | tail -1 | grep -o "\"$1\":\"[^\"]*\"" | head -1 | sed "s/^\"$1\":\"//; s/\"$//" || true
}

# ---------------------------------------------------------------------
step "examples/run.sh: minimize the shipped crashers"
bash examples/run.sh -parallel 1 >"$work/examples.txt" 2>&1 || {
	cat "$work/examples.txt"
	fail "examples/run.sh exited $?"
}
grep -E '^Fuzz|^  (before|after|draw )' "$work/examples.txt" | cut -c1-160
# Each shipped crasher and the minimal value it must reduce to (the
# examples' minimal_test.go files explain each).
expect_count() { # COUNT LINE
	n=$(grep -cF -- "$2" "$work/examples.txt" || true)
	[ "$n" -eq "$1" ] || fail "examples/run.sh printed \"$2\" $n times, want $1"
}
expect_count 3 'draw expr: calc.Div{L:0, R:calc.Add{L:0, R:0}}'
expect_count 3 'draw pushed: []int{0, -1, -1, 0}'
expect_count 3 'draw tree: &Node{Left: &Node{Left: &Node{}, Right: nil}, Right: nil}'
expect_count 3 'draw graph: [][]int{[]int(nil), []int(nil), []int{0, 1, 0}}'
expect_count 3 'draw set: legacy.Set{legacy.Interval{Lo:1, Hi:2}, legacy.Interval{Lo:0, Hi:1}}'
expect_count 3 'draw entry: roundtrip.Entry{Key:"\\\t", Tags:[]string(nil), Count:0, Deleted:false}'
expect_count 1 'unchanged: nothing smaller fails the same way: examples/roundtrip/testdata/fuzz/FuzzRoundTrip/577e36abd20bf697'
expect_count 3 'draw call: c.Put(2, 0)'
expect_count 1 '25 entries of 8 fuzz targets replayed: 25 failing, 24 minimized, 1 already minimal'
[ -z "$(git status --porcelain -- examples)" ] || fail "examples/run.sh left files behind: $(git status --porcelain -- examples)"

# ---------------------------------------------------------------------
step "install clang, libclang-rt-14-dev and $FUZZ_BUILD@$FUZZ_BUILD_VERSION"
libfuzzer_install "$work/bin" || fail "installing the libFuzzer tools failed"
export PATH="$work/bin:$PATH"
clang++ --version | head -1

for t in "${TARGETS[@]}"; do
	read -r pkg function want <<<"$t"
	fuzzer="$(basename "$pkg")_$(echo "$function" | tr '[:upper:]' '[:lower:]')"

	step "$function: build $fuzzer with go-118-fuzz-build and $CXX $LIB_FUZZING_ENGINE"
	t0=$SECONDS
	libfuzzer_build "$pkg" "$function" "$work/$fuzzer" || fail "building $fuzzer failed"
	echo "built $work/$fuzzer in $((SECONDS - t0))s"
	[ -z "$(git status --porcelain -- examples)" ] || fail "the build left files in the tree"

	step "$function: run $fuzzer until it crashes (a minute at most)"
	mkdir -p "$work/$fuzzer-artifacts" "$work/$fuzzer-corpus"
	t0=$SECONDS
	set +e
	# A fixed seed makes the run repeatable for a given build; the crash
	# file still changes when the code does, and may reduce differently.
	(cd "$work" && timeout 120 "./$fuzzer" -seed=1 -max_total_time=60 -artifact_prefix="$fuzzer-artifacts/" "$fuzzer-corpus") >"$work/$fuzzer.log" 2>&1
	code=$?
	set -e
	crash=$(ls "$work/$fuzzer-artifacts"/crash-* 2>/dev/null | head -1 || true)
	if [ -z "$crash" ]; then
		tail -20 "$work/$fuzzer.log"
		fail "$fuzzer exited $code after $((SECONDS - t0))s without a crash file"
	fi
	grep -m1 -E '^(panic|\s+fuzzsrc: property)' "$work/$fuzzer.log" || true
	grep -m1 -E 'stat::number_of_executed_units|Test unit written' "$work/$fuzzer.log" || true
	echo "crashed after $((SECONDS - t0))s (exit $code): $crash, $(wc -c <"$crash") bytes: $(od -An -tx1 -v "$crash" | tr -d '\n' | cut -c1-120)"

	step "$function: tools/minimize -style v1 on the crash file"
	go run ./tools/minimize -json -parallel 1 -style v1 -run "^$function\$" "$pkg" "$crash" >"$work/$fuzzer.min.json" 2>"$work/$fuzzer.min.err" || {
		cat "$work/$fuzzer.min.json" "$work/$fuzzer.min.err"
		fail "tools/minimize exited $?"
	}
	file=$(json_field file "$work/$fuzzer.min.json")
	[ -n "$file" ] && [ -f "$file" ] || { cat "$work/$fuzzer.min.json"; fail "tools/minimize reported no corpus file"; }
	written+=("$file")
	grep '"event":"done"' "$work/$fuzzer.min.json" | grep -o '"before":{[^}]*},"after":{[^}]*}' || true
	grep -q '"verified":true' "$work/$fuzzer.min.json" || fail "tools/minimize did not verify $file"
	grep -qF -- "\"${want//&/\\u0026}\"" "$work/$fuzzer.min.json" || {
		cat "$work/$fuzzer.min.json"
		fail "the minimal input is not the expected one: want $want"
	}
	echo "minimal: $want"
	echo "wrote: $file"

	step "$function: replay $(basename "$file") under plain go test"
	sig=$(json_field signature "$work/$fuzzer.min.json")
	set +e
	SHORTLEX_SHRINK=0 go test -count=1 -run="^$function\$/^$(basename "$file")\$" "$pkg" >"$work/$fuzzer.replay" 2>&1
	code=$?
	set -e
	[ "$code" -ne 0 ] || { cat "$work/$fuzzer.replay"; fail "go test passed on $file; want the crash"; }
	grep -qF -- "signature: $sig" "$work/$fuzzer.replay" || { cat "$work/$fuzzer.replay"; fail "the replay did not fail with $sig"; }
	echo "go test -run=$function/$(basename "$file") $pkg fails with: $sig"
	rm -f -- "$file"
	rmdir -p -- "$(dirname "$file")" 2>/dev/null || true
	[ -z "$(git status --porcelain -- examples)" ] || fail "files left in the tree: $(git status --porcelain -- examples)"
done

# ---------------------------------------------------------------------
step "v2 (compile_native_go_fuzzer_v2, go-118-fuzz-build_v2)"
# OSS-Fuzz builds go-118-fuzz-build_v2 from the v2 branch of the same
# repository. The module has no tagged versions, a branch name cannot be
# asked for as "v2" (that is read as a major-version prefix), and a
# commit of the branch has to be served by the proxy.
versions=$(go list -m -versions "$FUZZ_BUILD" 2>&1 || true)
echo "go list -m -versions: $versions"
latest=$(go list -m -f '{{.Version}}' "$FUZZ_BUILD@latest" 2>&1 || true)
echo "latest: $latest"
# A commit from September 2025, after OSS-Fuzz moved to v2 (quic-go pins
# it for the v2 tooling).
v2_commit=v0.0.0-20250911191804-fc5dc53b9db8
if v2=$(GOBIN="$work/v2bin" go install "$FUZZ_BUILD@$v2_commit" 2>&1); then
	echo "WARNING: v2: $FUZZ_BUILD@$v2_commit is installable now; extend this script to build and check the v2 targets"
else
	echo "v2: skipped, not installable from the module proxy:"
	echo "$v2" | head -3
fi

step "done in $((SECONDS - start))s"
