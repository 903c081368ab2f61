#ifndef LIVESTUDIO_PIXEL_KERNELS_H
#define LIVESTUDIO_PIXEL_KERNELS_H

/*
 * The rasterizer's innermost blend, over premultiplied 0xAARRGGBB pixels, with the widest
 * vectors the CPU has. Written in C because Swift compiles a whole module for one target
 * CPU (x86-64's baseline: SSE2), and this one loop is worth AVX2 or AVX-512 where the
 * machine has it; C can compile one function for each and pick one at run time.
 *
 * Every path gives the same bits as LiveStudio's scalar `PixelMath.over`: each channel is
 * `src + dst * (255 - srcAlpha) / 255`, the division exact with rounding
 * (`t = x * a + 128; (t + (t >> 8)) >> 8`, done here as `(t * 257) >> 16`, the same number).
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Blends `n` source pixels over `dst`, pixel by pixel; returns how many source pixels were
 * not fully transparent (those are the pixels written). */
size_t lspk_blend_row(uint32_t *dst, const uint32_t *src, size_t n);

/* Blends one premultiplied `color` over `n` pixels of `dst`. */
void lspk_blend_span(uint32_t *dst, size_t n, uint32_t color);

/* Blends `color` at each pixel's coverage weight (0...255, a text mask's row) over `dst`;
 * returns how many weights were not zero (the pixels written). */
size_t lspk_blend_mask(uint32_t *dst, const uint8_t *weights, size_t n, uint32_t color);

/* Stores `color` into `n` pixels of `dst`: the opaque fills. Swift's own loop for it stores
 * four pixels at a time, where AVX-512 stores sixteen. */
void lspk_fill_row(uint32_t *dst, size_t n, uint32_t color);

/* The instruction sets the kernels may use. */
enum lspk_level { LSPK_SCALAR = 0, LSPK_SSE2 = 1, LSPK_AVX2 = 2, LSPK_AVX512 = 3 };

/* The level `lspk_blend_row` uses: the best this CPU has. */
int lspk_level(void);

/* The kernels on the path of `level` (at most `lspk_level()`; a higher one uses the best
 * there is), so that tests can hold every path to the same bits. */
size_t lspk_blend_row_at(int level, uint32_t *dst, const uint32_t *src, size_t n);
void lspk_blend_span_at(int level, uint32_t *dst, size_t n, uint32_t color);
size_t lspk_blend_mask_at(int level, uint32_t *dst, const uint8_t *weights, size_t n, uint32_t color);
void lspk_fill_row_at(int level, uint32_t *dst, size_t n, uint32_t color);

#ifdef __cplusplus
}
#endif

#endif
