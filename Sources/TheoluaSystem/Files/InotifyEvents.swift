#if os(Linux)
    import Glibc

    /// The events waiting on an inotify descriptor, read without blocking.
    enum InotifyEvents {
        /// One event: the watch it came from and the name of the entry it concerns
        /// (empty for the watched path itself).
        struct Event {
            var watch: Int32
            var name: String
        }

        /// Reads every pending event of `descriptor` (non-blocking).
        static func drain(_ descriptor: Int32) -> [Event] {
            // Asked at every turn of the run loop, and nearly always answered EAGAIN:
            // the buffer is on the stack and left as it is, not allocated and zeroed.
            withUnsafeTemporaryAllocation(byteCount: 8192, alignment: 8) { buffer in
                var events: [Event] = []
                while true {
                    let count = read(descriptor, buffer.baseAddress, buffer.count)
                    guard count > 0 else { break }
                    var offset = 0
                    let header = 16  // wd, mask, cookie, len
                    while offset + header <= count {
                        let watch = buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                        let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        let name = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
                        events.append(Event(watch: watch, name: String(decoding: name, as: UTF8.self)))
                        offset += header + length
                    }
                }
                return events
            }
        }
    }
#endif
