#include <leptonica/allheaders.h>
#include <stdio.h>
#include <sys/types.h>

/// glibc's fopencookie and its cookie_io_functions_t, which <stdio.h> shows only to _GNU_SOURCE
/// builds (the Glibc module is not one): the same layout under Rebut's names.
struct rebut_stream_functions {
    void *read;
    ssize_t (*write)(void *cookie, const char *buffer, size_t size);
    void *seek;
    void *close;
};
extern FILE *rebut_fopencookie(void *cookie, const char *mode, struct rebut_stream_functions functions)
    __asm__("fopencookie");

/// Makes `stream` the process's C `stderr` (see Imaging's DecoderMessages). A C helper because
/// Swift 6 refuses to assign a C global.
static inline void rebut_replace_stderr(FILE *stream) { stderr = stream; }

/// A blank 8 bpp `w`×`h` image carrying `pixs`'s resolution and input format, as Leptonica's
/// own results do: what the two loops below write into.
static inline PIX *rebut_grey_like(PIX *pixs, l_int32 w, l_int32 h) {
    PIX *pixd = pixCreate(w, h, 8);
    if (!pixd) return NULL;
    pixCopyResolution(pixd, pixs);
    pixCopyInputFormat(pixd, pixs);
    return pixd;
}

/// Leptonica's interpolated projective warp of an 8 bpp image (`pixProjectiveGray`), written
/// into a `w`×`h` image instead of one the source's size: the same two calls for each pixel,
/// so the pixels are identical, but a receipt that fills a third of a photo costs a third.
/// `vc` maps destination to source (`getProjectiveXformCoeffs(ptad, ptas, …)`).
static inline PIX *rebut_projective_gray_into(PIX *pixs, l_float32 *vc, l_int32 w, l_int32 h, l_uint8 grayval) {
    l_int32 ws = pixGetWidth(pixs), hs = pixGetHeight(pixs);
    if (pixGetDepth(pixs) != 8 || !vc || w <= 0 || h <= 0) return NULL;
    PIX *pixd = rebut_grey_like(pixs, w, h);
    if (!pixd) return NULL;
    l_uint32 *datas = pixGetData(pixs), *datad = pixGetData(pixd);
    l_int32 wpls = pixGetWpl(pixs), wpld = pixGetWpl(pixd);
    for (l_int32 i = 0; i < h; i++) {
        l_uint32 *lined = datad + i * wpld;
        for (l_int32 j = 0; j < w; j++) {
            l_float32 x, y;
            l_int32 val;
            projectiveXformPt(vc, j, i, &x, &y);
            linearInterpolatePixelGray(datas, wpls, ws, hs, x, y, grayval, &val);
            SET_DATA_BYTE(lined, j, val);
        }
    }
    return pixd;
}

/// A quarter turn of an 8 bpp image without colormap, the same pixels as `pixRotate90` (1
/// clockwise, -1 anticlockwise) but copied in 64×64 tiles: Leptonica walks the source down its
/// columns, a cache miss a pixel, and turned a 10 MP photo in 66 ms; other images go to it.
static inline PIX *rebut_rotate90(PIX *pixs, l_int32 direction) {
    if (pixGetDepth(pixs) != 8 || pixGetColormap(pixs) || (direction != 1 && direction != -1))
        return pixRotate90(pixs, direction);
    l_int32 ws = pixGetWidth(pixs), hs = pixGetHeight(pixs);
    PIX *pixd = rebut_grey_like(pixs, hs, ws);
    if (!pixd) return NULL;
    l_uint32 *datas = pixGetData(pixs), *datad = pixGetData(pixd);
    l_int32 wpls = pixGetWpl(pixs), wpld = pixGetWpl(pixd);
    const l_int32 tile = 64;
    for (l_int32 i0 = 0; i0 < ws; i0 += tile) {          /* destination rows = source columns */
        l_int32 i1 = i0 + tile < ws ? i0 + tile : ws;
        for (l_int32 j0 = 0; j0 < hs; j0 += tile) {      /* destination columns */
            l_int32 j1 = j0 + tile < hs ? j0 + tile : hs;
            for (l_int32 i = i0; i < i1; i++) {
                l_uint32 *lined = datad + i * wpld;
                for (l_int32 j = j0; j < j1; j++) {
                    l_uint32 *lines;
                    l_int32 column;
                    if (direction == 1) { lines = datas + (hs - 1 - j) * wpls; column = i; }
                    else { lines = datas + j * wpls; column = ws - 1 - i; }
                    SET_DATA_BYTE(lined, j, GET_DATA_BYTE(lines, column));
                }
            }
        }
    }
    return pixd;
}
