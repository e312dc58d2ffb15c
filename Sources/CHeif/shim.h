#ifndef DECANT_CHEIF_SHIM_H
#define DECANT_CHEIF_SHIM_H
// libheif reports every failure as a returned heif_error (no longjmp, no exceptions across the C API),
// so Swift calls it directly; each object it allocates is owned by one Swift value (PhoneFormats/Heif*.swift).
#include <libheif/heif.h>
#endif
