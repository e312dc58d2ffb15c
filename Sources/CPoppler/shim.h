// poppler's GLib API (PDF documents, pages, text layer) and the cairo image surfaces pages render into
// (Debian: libpoppler-glib-dev, which brings libcairo2-dev and libglib2.0-dev).
#include <poppler.h>
#include <cairo.h>
