#if os(Linux)
import CMalloc
#endif

enum ImageMemoryPolicy {
    /// Image buffers of this size or more are mapped on their own and go back to the system when
    /// freed.
    static let ownMappingBytes: Int32 = 4 << 20

    /// glibc raises its mapping threshold each time a large block is freed, up to 32 MB, after
    /// which a 12 MP photo's buffers are carved from the worker threads' heaps and stay resident
    /// after the receipt is done: the batch's peak then depends on which two images happen to meet.
    /// A fixed threshold keeps every page-sized buffer mapped for its lifetime only: on the same
    /// 210 captures, 2 workers, 496–523 → 453–462 MB in `bench accuracy`; a lone scan pays about
    /// 2% in page faults.
    static func returnLargeBuffersToTheSystem() {
        #if os(Linux)
        _ = mallopt(M_MMAP_THRESHOLD, ownMappingBytes)
        #endif
    }
}
