#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The pty functions; Glibc's module map hides them behind feature macros, so on
/// Linux they are looked up at run time. For tests that play a terminal emulator.
package enum PTY {
    #if canImport(Darwin)
        package static func openController(_ flags: Int32) -> Int32 { posix_openpt(flags) }
        package static func grant(_ descriptor: Int32) -> Int32 { grantpt(descriptor) }
        package static func unlock(_ descriptor: Int32) -> Int32 { unlockpt(descriptor) }
        package static func name(_ descriptor: Int32) -> String? { ptsname(descriptor).map { String(cString: $0) } }
    #else
        private typealias IntFunction = @convention(c) (Int32) -> Int32
        private typealias NameFunction = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32

        private static func function<F>(_ name: String, as type: F.Type) -> F? {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
            return unsafeBitCast(symbol, to: type)
        }

        package static func openController(_ flags: Int32) -> Int32 {
            function("posix_openpt", as: IntFunction.self)?(flags) ?? -1
        }
        package static func grant(_ descriptor: Int32) -> Int32 {
            function("grantpt", as: IntFunction.self)?(descriptor) ?? -1
        }
        package static func unlock(_ descriptor: Int32) -> Int32 {
            function("unlockpt", as: IntFunction.self)?(descriptor) ?? -1
        }
        package static func name(_ descriptor: Int32) -> String? {
            guard let ptsname = function("ptsname_r", as: NameFunction.self) else { return nil }
            var buffer = [CChar](repeating: 0, count: 128)
            guard ptsname(descriptor, &buffer, buffer.count) == 0 else { return nil }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    #endif
}
