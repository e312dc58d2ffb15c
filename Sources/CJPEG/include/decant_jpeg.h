#ifndef DECANT_JPEG_H
#define DECANT_JPEG_H
#include <stddef.h>
#include <stdint.h>

/// libjpeg reports fatal errors by longjmp and prints warnings to stderr by default. This call keeps
/// the decompressor and its setjmp in one C frame, counts warnings instead of printing them, and
/// keeps what it could decode of a damaged file (the rest stays white), as phone galleries do.
typedef struct {
    uint32_t width;
    uint32_t height;
    int channels;          // 1 gray or 3 RGB (CMYK/YCCK are converted to RGB)
    uint32_t rows_read;    // rows actually decoded; < height when the data ended early
    int warnings;          // libjpeg warnings (corrupt data) met while decoding
    int colour;            // 1 when the file holds colour (RGB, YCbCr, CMYK), 0 for a gray JPEG
} decant_jpeg_image;

/// Reads the header only: width, height and the channels `decant_jpeg_read` will produce with the
/// same `gray`. Returns -1 when the header is damaged or the declared size
/// exceeds max_pixels.
int decant_jpeg_info(const uint8_t *bytes, size_t length, uint64_t max_pixels, int gray, decant_jpeg_image *out,
                     char *error, size_t error_len);

/// Decodes into `into` (capacity bytes, at least width*height*channels as `decant_jpeg_info` said;
/// rows not decoded are left white), so the caller's own storage holds the pixels and no copy is
/// made. `gray`: one
/// channel, converted from colour row by row with Raster.grayscale()'s luma and rounding, so the
/// colour image is never held whole. Returns 0 on success (possibly with warnings or missing rows), -1 when nothing usable
/// could be decoded or the declared size exceeds max_pixels.
/// `chroma` (may be NULL; used only for a colour file): the two opponent planes Raster.chroma(reduction:)
/// computes, yellow-blue then red-green, one pixel per `reduction` x `reduction` block (partial blocks at the right and
/// bottom edges average what they hold), capacity ceil(w/r) * ceil(h/r) * 2. Blocks not decoded stay 128.
int decant_jpeg_read(const uint8_t *bytes, size_t length, uint64_t max_pixels, int gray, uint8_t *into,
                     size_t capacity, uint8_t *chroma, uint32_t reduction, decant_jpeg_image *out,
                     char *error, size_t error_len);


#endif
