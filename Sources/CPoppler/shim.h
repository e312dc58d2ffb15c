// poppler's GLib API (PDF documents, pages, text layer) and the cairo image surfaces pages render into
// (Debian: libpoppler-glib-dev, which brings libcairo2-dev and libglib2.0-dev). cairo's PDF surface comes
// with it for the tests, which make their PDFs with cairo.
#include <poppler.h>
#include <cairo.h>
#include <cairo-pdf.h>
