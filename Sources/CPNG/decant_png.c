#include "decant_png.h"
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    jmp_buf jump;
    char *error;
    size_t error_len;
} decant_png_context;

static void on_error(png_structp png, png_const_charp message) {
    decant_png_context *ctx = (decant_png_context *)png_get_error_ptr(png);
    if (ctx->error && ctx->error_len > 0) snprintf(ctx->error, ctx->error_len, "%s", message);
    longjmp(ctx->jump, 1);
}

static void on_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

static int fail(char *error, size_t len, const char *message) {
    if (error && len > 0) snprintf(error, len, "%s", message);
    return -1;
}

static int read_impl(FILE *file, int header_only, uint64_t max_pixels, decant_png_image *out,
                     char *error, size_t error_len) {
    memset(out, 0, sizeof(*out));
    if (!file) return fail(error, error_len, "cannot open file");
    unsigned char signature[8];
    if (fread(signature, 1, 8, file) != 8 || png_sig_cmp(signature, 0, 8) != 0) {
        fclose(file);
        return fail(error, error_len, "not a PNG file");
    }
    decant_png_context ctx = { .error = error, .error_len = error_len };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &ctx, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_read_struct(png ? &png : NULL, NULL, NULL);
        fclose(file);
        return fail(error, error_len, "out of memory");
    }
    // Volatile: modified between setjmp and a possible longjmp.
    uint16_t *volatile samples = NULL;
    png_bytep *volatile rows = NULL;
    png_bytep volatile buffer = NULL;
    if (setjmp(ctx.jump)) {
        free(samples); free(rows); free(buffer);
        png_destroy_read_struct(&png, &info, NULL);
        fclose(file);
        return -1;
    }
    png_init_io(png, file);
    png_set_sig_bytes(png, 8);
    png_set_user_limits(png, 1u << 20, 1u << 20);
    png_read_info(png, info);
    out->width = png_get_image_width(png, info);
    out->height = png_get_image_height(png, info);
    out->bit_depth = png_get_bit_depth(png, info);
    out->color_type = png_get_color_type(png, info);
    out->channels = png_get_channels(png, info);
    if (header_only) {
        if (out->color_type == PNG_COLOR_TYPE_PALETTE) out->channels = 3;
        png_destroy_read_struct(&png, &info, NULL);
        fclose(file);
        return 0;
    }
    if ((uint64_t)out->width * (uint64_t)out->height > max_pixels) {
        snprintf(error, error_len, "image is %ux%u pixels, above the limit of %llu", out->width, out->height,
                 (unsigned long long)max_pixels);
        png_destroy_read_struct(&png, &info, NULL);
        fclose(file);
        return -1;
    }
    if (out->color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (out->color_type == PNG_COLOR_TYPE_GRAY && out->bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    int wide = out->bit_depth == 16;
    if (wide) png_set_swap(png); // host little-endian order for uint16 access
    png_read_update_info(png, info);
    int channels = png_get_channels(png, info);
    size_t rowbytes = png_get_rowbytes(png, info);
    buffer = malloc(rowbytes * out->height);
    rows = malloc(sizeof(png_bytep) * out->height);
    samples = malloc(sizeof(uint16_t) * (size_t)out->width * out->height * channels);
    if (!buffer || !rows || !samples) png_error(png, "out of memory");
    for (uint32_t y = 0; y < out->height; y++) rows[y] = buffer + y * rowbytes;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    size_t n = (size_t)out->width * channels;
    for (uint32_t y = 0; y < out->height; y++) {
        uint16_t *dst = samples + (size_t)y * n;
        if (wide) {
            memcpy(dst, rows[y], n * sizeof(uint16_t));
        } else {
            for (size_t i = 0; i < n; i++) dst[i] = rows[y][i];
        }
    }
    out->channels = channels;
    out->samples = samples;
    free(rows); free(buffer);
    png_destroy_read_struct(&png, &info, NULL);
    fclose(file);
    return 0;
}

int decant_png_read_header(const char *path, decant_png_image *out, char *error, size_t error_len) {
    return read_impl(fopen(path, "rb"), 1, 0, out, error, error_len);
}

int decant_png_read(const char *path, uint64_t max_pixels, decant_png_image *out, char *error, size_t error_len) {
    return read_impl(fopen(path, "rb"), 0, max_pixels, out, error, error_len);
}

int decant_png_read_memory(const uint8_t *bytes, size_t length, uint64_t max_pixels, decant_png_image *out,
                           char *error, size_t error_len) {
    // fmemopen gives libpng a stream over the buffer; read_impl closes it.
    FILE *file = length > 0 ? fmemopen((void *)bytes, length, "rb") : NULL;
    return read_impl(file, 0, max_pixels, out, error, error_len);
}

void decant_png_free(decant_png_image *image) {
    if (image) { free(image->samples); image->samples = NULL; }
}

int decant_png_write(const char *path, const uint16_t *samples, uint32_t width, uint32_t height,
                     int channels, int bit_depth, char *error, size_t error_len) {
    if ((channels != 1 && channels != 3) || (bit_depth != 8 && bit_depth != 16))
        return fail(error, error_len, "unsupported channel count or bit depth");
    FILE *file = fopen(path, "wb");
    if (!file) return fail(error, error_len, "cannot create file");
    decant_png_context ctx = { .error = error, .error_len = error_len };
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &ctx, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_write_struct(png ? &png : NULL, NULL);
        fclose(file);
        return fail(error, error_len, "out of memory");
    }
    png_bytep volatile row = NULL;
    if (setjmp(ctx.jump)) {
        free(row);
        png_destroy_write_struct(&png, &info);
        fclose(file);
        return -1;
    }
    png_init_io(png, file);
    png_set_IHDR(png, info, width, height, bit_depth, channels == 1 ? PNG_COLOR_TYPE_GRAY : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    size_t n = (size_t)width * channels;
    row = malloc(bit_depth == 16 ? n * 2 : n);
    if (!row) png_error(png, "out of memory");
    for (uint32_t y = 0; y < height; y++) {
        const uint16_t *src = samples + (size_t)y * n;
        if (bit_depth == 16) {
            for (size_t i = 0; i < n; i++) { row[2 * i] = src[i] >> 8; row[2 * i + 1] = src[i] & 0xff; }
        } else {
            for (size_t i = 0; i < n; i++) row[i] = (png_byte)src[i];
        }
        png_write_row(png, row);
    }
    png_write_end(png, NULL);
    free(row);
    png_destroy_write_struct(&png, &info);
    if (fclose(file) != 0) return fail(error, error_len, "write failed (disk full?)");
    return 0;
}
