#!/usr/bin/env bash
# Minimizes every crasher the examples ship (examples/*/testdata/crashers)
# with tools/minimize and prints, for each, the failure, its size before
# and after, and the minimal value's draws.
#
# The tool writes each minimal entry into the example's testdata/fuzz and
# checks that go test replays it. Left there, those failing entries would
# make go test ./... fail, so this script removes what the tool wrote
# unless KEEP=1. Extra arguments go to the tool (for example -json).
#
# Usage: bash examples/run.sh [tool flags]
set -euo pipefail
cd "$(dirname "$0")/.."

out=$(mktemp)
trap 'rm -f "$out"' EXIT

status=0
go run ./tools/minimize "$@" ./examples/... examples/*/testdata/crashers/*/* | tee "$out" || status=$?

if [ "${KEEP:-}" != 1 ]; then
	# "wrote: path" or "unchanged: why: path" (a crasher from outside the
	# corpus that was already minimal is copied into it) in text,
	# "file":"path" in JSON; only files the tool reported, and only under
	# examples/*/testdata/fuzz.
	{ sed -n 's/^  wrote: *//p; s/^  unchanged: .*: \(examples\/[^ ]*\)$/\1/p' "$out"; { grep -o '"file":"[^"]*"' "$out" || true; } | sed 's/^"file":"//; s/"$//'; } |
		grep -E '^examples/[^/]+/testdata/fuzz/Fuzz[^/]+/[^/]+$' | sort -u | while read -r f; do
		rm -f -- "$f"
		rmdir -p -- "$(dirname "$f")" 2>/dev/null || true
	done
fi
exit "$status"
