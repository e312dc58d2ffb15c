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
	scripts/reliability.py fuzz --count 1000
	scripts/reliability.py kill9 --kills 20
	scripts/reliability.py segv

valgrind:
	scripts/valgrind-check.sh

gate:
	scripts/accuracy-gate.sh
