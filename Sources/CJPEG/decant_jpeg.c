#include "decant_jpeg.h"
#include <stdio.h>
#include <jpeglib.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    int warnings;
    char message[JMSG_LENGTH_MAX];
} decant_error_mgr;

static void on_error_exit(j_common_ptr cinfo) {
    decant_error_mgr *err = (decant_error_mgr *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, err->message);
    longjmp(err->jump, 1);
}

static void on_emit_message(j_common_ptr cinfo, int level) {
    decant_error_mgr *err = (decant_error_mgr *)cinfo->err;
    if (level < 0) {
        // A warning (corrupt data): count it, keep the first text, print nothing.
        if (err->warnings == 0) (*cinfo->err->format_message)(cinfo, err->message);
        err->warnings++;
    }
}

static void on_output_message(j_common_ptr cinfo) { (void)cinfo; }

/// The error manager both entry points use: fatal errors longjmp to the caller's setjmp, warnings are counted.
static void install_error_manager(struct jpeg_decompress_struct *cinfo, decant_error_mgr *err) {
    memset(err, 0, sizeof(*err));
    cinfo->err = jpeg_std_error(&err->base);
    err->base.error_exit = on_error_exit;
    err->base.emit_message = on_emit_message;
    err->base.output_message = on_output_message;
}

/// After jpeg_read_header: refuses a declared size above max_pixels (a decompression bomb) with a message.
static int over_limit(struct jpeg_decompress_struct *cinfo, uint64_t max_pixels, char *error, size_t error_len) {
    if ((uint64_t)cinfo->image_width * cinfo->image_height <= max_pixels) return 0;
    if (error && error_len)
        snprintf(error, error_len, "declares %ux%u pixels, above the limit of %llu", cinfo->image_width,
                 cinfo->image_height, (unsigned long long)max_pixels);
    return 1;
}

static void choose_color_space(struct jpeg_decompress_struct *cinfo) {
    int cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    if (cmyk) cinfo->out_color_space = JCS_CMYK;
    else if (cinfo->num_components == 1) cinfo->out_color_space = JCS_GRAYSCALE;
    else cinfo->out_color_space = JCS_RGB;
}

int decant_jpeg_info(const uint8_t *bytes, size_t length, uint64_t max_pixels, int gray, decant_jpeg_image *out,
                     char *error, size_t error_len) {
    memset(out, 0, sizeof(*out));
    struct jpeg_decompress_struct cinfo;
    decant_error_mgr err;
    install_error_manager(&cinfo, &err);
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        if (error && error_len) snprintf(error, error_len, "%s", err.message);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, bytes, (unsigned long)length);
    jpeg_read_header(&cinfo, TRUE);
    if (over_limit(&cinfo, max_pixels, error, error_len)) {
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    choose_color_space(&cinfo);
    jpeg_calc_output_dimensions(&cinfo);
    out->width = cinfo.output_width;
    out->height = cinfo.output_height;
    out->channels = cinfo.out_color_space == JCS_GRAYSCALE || gray ? 1 : 3;
    out->colour = cinfo.out_color_space != JCS_GRAYSCALE;
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

/// Rounds s / d (d > 0) to the nearest integer, halves away from zero: Raster.chroma's rounding.
static int32_t rounded_div(int64_t s, int64_t d) {
    return (int32_t)(s >= 0 ? (s + d / 2) / d : -((-s + d / 2) / d));
}

static uint8_t clamp_byte(int32_t v) { return (uint8_t)(v < 0 ? 0 : (v > 255 ? 255 : v)); }

/// Writes one row of chroma blocks from the sums of `rows_in_block` photo rows and resets the sums.
static void flush_chroma(int64_t *sums, uint32_t width, uint32_t reduction, uint32_t rows_in_block, uint8_t *yellow_blue,
                         uint8_t *red_green) {
    uint32_t blocks = (width + reduction - 1) / reduction;
    for (uint32_t b = 0; b < blocks; b++) {
        uint32_t columns = (b + 1) * reduction <= width ? reduction : width - b * reduction;
        int64_t n = (int64_t)columns * rows_in_block;
        yellow_blue[b] = clamp_byte(128 + rounded_div(sums[2 * b], 2 * n));
        red_green[b] = clamp_byte(128 + rounded_div(sums[2 * b + 1], n));
        sums[2 * b] = 0;
        sums[2 * b + 1] = 0;
    }
}

int decant_jpeg_read(const uint8_t *bytes, size_t length, uint64_t max_pixels, int gray, uint8_t *into,
                     size_t capacity, uint8_t *chroma, uint32_t reduction, decant_jpeg_image *out,
                     char *error, size_t error_len) {
    memset(out, 0, sizeof(*out));
    struct jpeg_decompress_struct cinfo;
    decant_error_mgr err;
    install_error_manager(&cinfo, &err);
    // Volatile: read after a longjmp.
    uint8_t *volatile pixels = NULL;
    uint8_t *volatile cmyk_row = NULL;
    uint8_t *volatile rgb_row = NULL;
    int64_t *volatile chroma_sums = NULL;
    volatile uint32_t rows = 0;
    volatile int started = 0;
    if (setjmp(err.jump)) {
        // Fatal error: keep the rows already decoded if there are any worth keeping.
        free(cmyk_row);
        free(rgb_row);
        free(chroma_sums);
        if (started && pixels && rows > 0) {
            out->rows_read = rows;
            out->warnings = err.warnings + 1;
            jpeg_destroy_decompress(&cinfo);
            if (error && error_len) snprintf(error, error_len, "%s", err.message);
            return 0;
        }
        jpeg_destroy_decompress(&cinfo);
        if (error && error_len) snprintf(error, error_len, "%s", err.message);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, bytes, (unsigned long)length);
    jpeg_read_header(&cinfo, TRUE);
    if (over_limit(&cinfo, max_pixels, error, error_len)) {
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    choose_color_space(&cinfo);
    int cmyk = cinfo.out_color_space == JCS_CMYK;
    jpeg_start_decompress(&cinfo);
    started = 1;
    // Colour converted to gray row by row: the colour image is never held whole.
    int to_gray = gray && cinfo.out_color_space != JCS_GRAYSCALE;
    int channels = cinfo.out_color_space == JCS_GRAYSCALE || gray ? 1 : 3;
    out->width = cinfo.output_width;
    out->height = cinfo.output_height;
    out->channels = channels;
    out->colour = cinfo.out_color_space != JCS_GRAYSCALE;
    size_t stride = (size_t)cinfo.output_width * channels;
    if (!into || capacity < stride * cinfo.output_height) {
        snprintf(err.message, sizeof(err.message), "output buffer too small");
        longjmp(err.jump, 1);
    }
    pixels = into;
    memset(pixels, 255, stride * cinfo.output_height);
    if (cmyk) {
        cmyk_row = malloc((size_t)cinfo.output_width * 4);
        if (!cmyk_row) { snprintf(err.message, sizeof(err.message), "out of memory"); longjmp(err.jump, 1); }
    }
    if (to_gray) {
        rgb_row = malloc((size_t)cinfo.output_width * 3);
        if (!rgb_row) { snprintf(err.message, sizeof(err.message), "out of memory"); longjmp(err.jump, 1); }
    }
    // Chroma sums per block of the current block row: yellow-blue (r + g - 2b) and red-green (r - g).
    int with_chroma = chroma && reduction > 0 && out->colour;
    uint32_t chroma_width = with_chroma ? (cinfo.output_width + reduction - 1) / reduction : 0;
    size_t plane = with_chroma ? (size_t)chroma_width * ((cinfo.output_height + reduction - 1) / reduction) : 0;
    if (with_chroma) {
        memset(chroma, 128, plane * 2);
        chroma_sums = calloc((size_t)chroma_width * 2, sizeof(int64_t));
        if (!chroma_sums) { snprintf(err.message, sizeof(err.message), "out of memory"); longjmp(err.jump, 1); }
    }
    // Adobe writes CMYK JPEGs inverted; the APP14 marker says so.
    int inverted = cmyk && cinfo.saw_Adobe_marker;
    while (cinfo.output_scanline < cinfo.output_height) {
        uint8_t *out_row = pixels + (size_t)cinfo.output_scanline * stride;
        uint8_t *row = to_gray ? rgb_row : out_row;
        JSAMPROW target = cmyk ? (JSAMPROW)cmyk_row : (JSAMPROW)row;
        if (jpeg_read_scanlines(&cinfo, &target, 1) != 1) break;
        if (cmyk) {
            for (uint32_t x = 0; x < cinfo.output_width; x++) {
                int c = cmyk_row[4 * x], m = cmyk_row[4 * x + 1], y = cmyk_row[4 * x + 2], k = cmyk_row[4 * x + 3];
                if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
                row[3 * x] = (uint8_t)(c * k / 255);
                row[3 * x + 1] = (uint8_t)(m * k / 255);
                row[3 * x + 2] = (uint8_t)(y * k / 255);
            }
        }
        if (to_gray) {
            // The luma Raster.grayscale() computes, to the same rounding.
            for (uint32_t x = 0; x < cinfo.output_width; x++) {
                int r = row[3 * x], g = row[3 * x + 1], b = row[3 * x + 2];
                out_row[x] = (uint8_t)((r * 299 + g * 587 + b * 114 + 500) / 1000);
            }
        }
        if (with_chroma) {
            for (uint32_t x = 0; x < cinfo.output_width; x++) {
                int r = row[3 * x], g = row[3 * x + 1], b = row[3 * x + 2];
                uint32_t k = 2 * (x / reduction);
                chroma_sums[k] += r + g - 2 * b;
                chroma_sums[k + 1] += r - g;
            }
        }
        rows++;
        if (with_chroma && (rows % reduction == 0 || rows == cinfo.output_height)) {
            uint32_t in_block = rows % reduction == 0 ? reduction : rows % reduction;
            size_t at = (size_t)((rows - 1) / reduction) * chroma_width;
            flush_chroma(chroma_sums, cinfo.output_width, reduction, in_block, chroma + at, chroma + plane + at);
        }
    }
    // Data that ended mid-block: the rows read so far make the last block row.
    if (with_chroma && rows % reduction != 0 && rows < cinfo.output_height) {
        size_t at = (size_t)(rows / reduction) * chroma_width;
        flush_chroma(chroma_sums, cinfo.output_width, reduction, rows % reduction, chroma + at, chroma + plane + at);
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(cmyk_row);
    free(rgb_row);
    free(chroma_sums);
    out->rows_read = rows;
    out->warnings = err.warnings;
    if (err.warnings > 0 && error && error_len) snprintf(error, error_len, "%s", err.message);
    return 0;
}

