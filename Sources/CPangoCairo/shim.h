// Pango (text layout with HarfBuzz shaping) on Cairo image surfaces (Debian: libpango1.0-dev, libcairo2-dev).
#include <pango/pangocairo.h>
#include <cairo.h>
