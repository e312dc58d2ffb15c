#!/usr/bin/env bash
# Leak check of the PDF module: `decant-bench pdf-probe` surveys a folder of good and bad PDFs under valgrind (every page
# read, checked against its render and rendered for OCR; every bad file opened and refused) and fails if any
# block is definitely lost. Same DWARF 4 build folder as valgrind-check.sh (valgrind 3.19 reads no DWARF 5).
set -euo pipefail
cd "$(dirname "$0")/../.."
DECANT_EXTRA_PACKAGES="valgrind" scripts/setup.sh
swift build --scratch-path .build-valgrind -Xswiftc -dwarf-version=4 -Xcc -gdwarf-4 --product decant-bench
INPUT=$(mktemp -d)
LOG=$(mktemp --suffix=-valgrind-pdf.log)
trap 'rm -rf "$INPUT"' EXIT
FIXTURES=Tests/DocumentsTests/PDF/Fixtures
cp "$FIXTURES/restricted.pdf" "$FIXTURES/encrypted.pdf" "$INPUT/"
head -c 900 "$FIXTURES/restricted.pdf" > "$INPUT/truncated.pdf"
: > "$INPUT/empty.pdf"
printf '<!DOCTYPE html><html><body>moved</body></html>' > "$INPUT/web-page.pdf"
# A page over a kilometre wide, written without a cross-reference table (poppler rebuilds it): refused.
printf '%%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 100000 100000] >> endobj\ntrailer << /Root 1 0 R >>\n%%%%EOF\n' > "$INPUT/huge-page.pdf"
# Real lists when ../shared is there: one light-on-dark page with a hidden word, one text-over-picture page.
SHARED="../shared/data/winelists"
[ -d "$SHARED" ] || SHARED="/work/shared/data/winelists"
if [ -d "$SHARED" ]; then
  cp "$SHARED/docs/weinkarte-pgm.pdf" "$SHARED/docs/damare.pdf" "$INPUT/"
fi
# decant-bench re-executes itself to set OMP_THREAD_LIMIT=1 before libgomp loads; set, it does not (under
# valgrind the re-execution would start valgrind's tool, not decant-bench).
OMP_THREAD_LIMIT=1 valgrind --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=9 --suppressions=scripts/ci/valgrind-pdf.supp \
  .build-valgrind/debug/decant-bench pdf-probe survey "$INPUT" 2>&1 | tee "$LOG" | grep -E "^\| |LEAK SUMMARY|definitely|indirectly|possibly|ERROR SUMMARY"
status=${PIPESTATUS[0]}
echo "valgrind log: $LOG (exit $status)"
exit "$status"
