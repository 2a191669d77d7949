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
            var events: [Event] = []
            var buffer = [UInt8](repeating: 0, count: 8192)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                var offset = 0
                let header = 16  // wd, mask, cookie, len
                while offset + header <= count {
                    let (watch, length) = buffer.withUnsafeBytes { bytes in
                        (
                            bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                            Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        )
                    }
                    let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
                    events.append(Event(watch: watch, name: String(decoding: nameBytes, as: UTF8.self)))
                    offset += header + length
                }
            }
            return events
        }
    }
#endif
