# Developer shortcuts. The README's two commands (scripts/run-corpus.sh, scripts/test.sh) need no make.
.PHONY: build release test corpus reliability valgrind gate

build:
	swift build

release:
	swift build -c release --product decant

test:
	scripts/test.sh

corpus:
	scripts/run-corpus.sh

# The long reliability checks (issue 10): 1,000 mutated corpus images through the full pipeline,
# 20 kill -9s with resumes compared byte for byte with an uninterrupted run, a worker SIGSEGV.
reliability: release
	scripts/ci/reliability.py fuzz --count 1000
	scripts/ci/reliability.py kill9 --kills 20
	scripts/ci/reliability.py segv

valgrind:
	scripts/ci/valgrind-check.sh

gate:
	scripts/ci/accuracy-gate.sh
