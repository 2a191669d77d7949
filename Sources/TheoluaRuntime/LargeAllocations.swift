import CTheoluaSystem

/// Process-wide allocator settings for programs built on the runtime.
public enum LargeAllocations {
    /// Keeps blocks of up to 8 MiB in the heap, and up to 64 MiB of freed heap, instead of
    /// mapping each large block afresh and handing it back when it is freed.
    ///
    /// An edit of a large `ui.textarea` value makes several copies of the value (the new
    /// value, the string Lua gets, the prop it hands back). With glibc's defaults, each
    /// copy over its threshold (128 KiB at first) is a fresh mapping whose pages fault in
    /// one by one; kept in the heap, they reuse pages already there. Typing into 10,000
    /// lines (800 kB) goes from about 1 ms to 0.6 ms a keystroke. The `theolua` command
    /// calls this at start; a host program may too. It does nothing but on glibc.
    public static func keepInHeap() {
        theolua_keep_large_allocations_in_heap()
    }
}
