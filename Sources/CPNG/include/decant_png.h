#ifndef DECANT_PNG_H
#define DECANT_PNG_H
#include <stddef.h>
#include <stdint.h>

/// libpng reports errors by longjmp, which Swift cannot catch. These two calls keep every
/// png_struct inside one C stack frame with its setjmp, and report failure as a message.

/// Description of a decoded PNG. `samples` is owned by the caller after a successful read
/// and must be released with `decant_png_free`.
typedef struct {
    uint32_t width;
    uint32_t height;
    int bit_depth;      // bit depth as stored in the file (1, 2, 4, 8 or 16)
    int channels;       // channels after expansion: 1 gray, 2 gray+alpha, 3 rgb, 4 rgba
    int color_type;     // PNG colour type as stored
    uint16_t *samples;  // width*height*channels samples, 16-bit files keep full range, others widened
} decant_png_image;

/// Reads the header only (no pixel decoding): used to refuse decompression bombs before decoding.
int decant_png_read_header(const char *path, decant_png_image *out, char *error, size_t error_len);

/// Decodes a whole PNG into 16-bit samples (8-bit and smaller depths are widened, palette expanded).
/// Refuses images with more than `max_pixels` pixels. Returns 0 on success.
int decant_png_read(const char *path, uint64_t max_pixels, decant_png_image *out, char *error, size_t error_len);

/// As `decant_png_read`, from a buffer in memory.
int decant_png_read_memory(const uint8_t *bytes, size_t length, uint64_t max_pixels, decant_png_image *out,
                           char *error, size_t error_len);

void decant_png_free(decant_png_image *image);

/// Writes 8- or 16-bit gray/rgb samples (channels 1 or 3, samples in that depth's range) with no metadata.
int decant_png_write(const char *path, const uint16_t *samples, uint32_t width, uint32_t height,
                     int channels, int bit_depth, char *error, size_t error_len);

#endif
