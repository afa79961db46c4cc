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
