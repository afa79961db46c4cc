// The libFuzzer entry points the fuzz targets call; libFuzzer itself is linked by
// -sanitize=fuzzer. Declared here so Swift calls them with the C calling convention.
#include <stddef.h>
#include <stdint.h>

typedef int (*LLVMFuzzerCallback)(const uint8_t *data, size_t size);

/// Parses libFuzzer's command line and fuzzes `callback` (what libFuzzer's own main does).
int LLVMFuzzerRunDriver(int *argc, char ***argv, LLVMFuzzerCallback callback);

/// libFuzzer's built-in mutations, for a custom mutator to fall back on.
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

/// AddressSanitizer calls `callback` after printing a report, before the process dies.
void __sanitizer_set_death_callback(void (*callback)(void));
