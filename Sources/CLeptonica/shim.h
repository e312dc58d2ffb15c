// Leptonica (Debian: libleptonica-dev); pkg-config `lept` puts /usr/include/leptonica on the include path.
#include <allheaders.h>
