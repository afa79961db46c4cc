// Tesseract 5.3 as Debian builds it (without TESSERACT_IMAGEDATA_AS_PIX, upstream PR #2965)
// PNG-encodes every text line image it hands to its LSTM and decodes it again at once
// (ImageData::SetPix / GetPix, through pixWriteMem). The buffer never leaves memory, yet
// zlib's default level made it about a tenth of all CPU time on receipts.
//
// This definition of pixWriteMem takes precedence over Leptonica's for calls from
// libtesseract (the executable's symbols come first in the dynamic lookup order) and asks
// for zlib level 0: the same pixels, stored rather than compressed, so the OCR output is
// byte for byte the same. Calls from anywhere else, Rebut's own image encoding included,
// are passed through untouched.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <string.h>
#include <leptonica/allheaders.h>
#include "tesseract_line_images.h"

typedef l_ok (*write_mem_function)(l_uint8 **, size_t *, PIX *, l_int32);

static write_mem_function leptonica_write_mem;
static pthread_once_t resolved = PTHREAD_ONCE_INIT;
static long png_buffers_written;

static void resolve(void) {
    leptonica_write_mem = (write_mem_function)dlsym(RTLD_NEXT, "pixWriteMem");
}

static int called_from_tesseract(const void *return_address) {
    Dl_info info;
    if (dladdr(return_address, &info) == 0 || info.dli_fname == NULL) return 0;
    const char *name = strrchr(info.dli_fname, '/');
    return strncmp(name ? name + 1 : info.dli_fname, "libtesseract", 12) == 0;
}

l_ok pixWriteMem(l_uint8 **pdata, size_t *psize, PIX *pix, l_int32 format) {
    pthread_once(&resolved, resolve);
    if (leptonica_write_mem == NULL) return 1;
    if (format == IFF_PNG && pix != NULL && called_from_tesseract(__builtin_return_address(0))) {
        pixSetZlibCompression(pix, 0);
        __atomic_fetch_add(&png_buffers_written, 1, __ATOMIC_RELAXED);
    }
    return leptonica_write_mem(pdata, psize, pix, format);
}

long rebut_tesseract_png_buffers_written(void) {
    return __atomic_load_n(&png_buffers_written, __ATOMIC_RELAXED);
}
