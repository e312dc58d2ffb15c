// Pango (text layout with HarfBuzz shaping) on Cairo image surfaces, and cairo's PDF surface for documents
// drawn as a producer writes them (Debian: libpango1.0-dev, libcairo2-dev).
#include <pango/pangocairo.h>
#include <cairo.h>
#include <cairo-pdf.h>
