// Tesseract's C API (Debian: libtesseract-dev). Leptonica's Pix is forward-declared by capi.h.
#include <tesseract/capi.h>
