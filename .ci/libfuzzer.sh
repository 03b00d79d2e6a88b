#!/usr/bin/env bash
# libFuzzer builds of Go fuzz targets, made as OSS-Fuzz's
# compile_native_go_fuzzer makes them (go-118-fuzz-build v1, then clang
# with -fsanitize=fuzzer). Shared by .ci/ossfuzz.sh and tools/ttfc.
#
# Sourced, it defines
#   libfuzzer_install BINDIR      clang and libclang-rt-14-dev (apt, if
#                                 missing) and go-118-fuzz-build into BINDIR
#   libfuzzer_build PKG FUNC OUT  OUT.a and the libFuzzer binary OUT for
#                                 func FUNC(f *testing.F) in package PKG
# Run, it does one of them: libfuzzer.sh install BINDIR, or
# libfuzzer.sh build PKG FUNC OUT (go-118-fuzz-build must be on PATH).
# Run both from the module root.

# The go-118-fuzz-build the module requires for its testing shim; the
# builder must match it. Its main branch has no tags: this pseudo-version
# is the proxy's latest.
FUZZ_BUILD=github.com/AdamKorcz/go-118-fuzz-build
FUZZ_BUILD_VERSION=v0.0.0-20250520111509-a70c2aa677fa

# OSS-Fuzz's environment for a libFuzzer build without a sanitizer.
CXX=${CXX:-clang++}
CXXFLAGS=${CXXFLAGS:-}
LIB_FUZZING_ENGINE=${LIB_FUZZING_ENGINE:--fsanitize=fuzzer}

libfuzzer_install() {
	local bindir=$1
	if ! command -v clang++ >/dev/null || ! dpkg -s libclang-rt-14-dev >/dev/null 2>&1; then
		local sudo=
		[ "$(id -u)" = 0 ] || sudo="sudo -E"
		DEBIAN_FRONTEND=noninteractive $sudo apt-get update -qq || return 1
		DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq clang libclang-rt-14-dev >/dev/null || return 1
	fi
	GOBIN="$bindir" go install "$FUZZ_BUILD@$FUZZ_BUILD_VERSION"
}

# libfuzzer_build does what compile_native_go_fuzzer does for one target:
# find the file that declares func FUNC(f *testing.F), build the package
# with go-118-fuzz-build (which rewrites that file's testing import to its
# shim), and link the archive with libFuzzer.
libfuzzer_build() {
	local pkg=$1 function=$2 out=$3 tags="-tags gofuzz" abs_file_dir fuzzer_filename
	abs_file_dir=$(go list $tags -f '{{.Dir}}' "$pkg") || return 1
	fuzzer_filename=$(grep -r -l -s --include='*.go' "func $function" "$abs_file_dir")
	if [ "$(grep -r "func $function" $fuzzer_filename | grep -c "testing.F")" -ne 1 ]; then
		echo "libfuzzer.sh: could not find the function: func ${function}(f *testing.F)" >&2
		return 1
	fi
	go-118-fuzz-build $tags -o "$out.a" -func "$function" "$abs_file_dir" || return 1
	$CXX $CXXFLAGS $LIB_FUZZING_ENGINE "$out.a" -o "$out"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	set -euo pipefail
	case "${1:-}" in
	install) libfuzzer_install "$2" ;;
	build) libfuzzer_build "$2" "$3" "$4" ;;
	*)
		echo "usage: $0 install BINDIR | build PKG FUNC OUT" >&2
		exit 2
		;;
	esac
fi
