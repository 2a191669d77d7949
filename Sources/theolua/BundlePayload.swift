#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An app's folder carried at the end of an executable (`theolua bundle`): the files of
/// the folder the app is in, and which one is the app.
///
/// The executable is a theolua built with the Swift runtime and Lua linked in
/// (`scripts/build-static`), followed by the payload and a trailer:
///
/// ```text
/// payload: "TLBP" version(u32) entry(string) count(u32) { path(string) mode(u32) size(u64) bytes }*
/// trailer: offset(u64) length(u64) id(u64) "TLBUNDLE"     (32 bytes, at the very end)
/// ```
///
/// Integers are little-endian; a string is its length (u32) and UTF-8 bytes. `id` is a
/// hash of the payload: the folder the files are unpacked into is named after it, so a
/// second start finds them there.
struct BundlePayload {
    struct File {
        var path: String
        var mode: UInt32
        var bytes: [UInt8]
    }

    /// The app's path within the folder.
    var entry: String
    var files: [File]

    static let magic = Array("TLBUNDLE".utf8)
    static let trailerSize = 32
    /// The most a bundle carries: an app's folder, not a disk.
    static let limit = 256 << 20

    /// The payload's bytes.
    func encoded() -> [UInt8] {
        var out = Array("TLBP".utf8)
        out.appendInteger(UInt32(1))
        out.appendString(entry)
        out.appendInteger(UInt32(files.count))
        for file in files {
            out.appendString(file.path)
            out.appendInteger(file.mode)
            out.appendInteger(UInt64(file.bytes.count))
            out += file.bytes
        }
        return out
    }

    /// The trailer that follows a payload of `payload` bytes written at `offset`.
    static func trailer(offset: Int, payload: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.appendInteger(UInt64(offset))
        out.appendInteger(UInt64(payload.count))
        out.appendInteger(fingerprint(payload))
        return out + magic
    }

    /// FNV-1a, 64 bits: names the unpacked folder (not a defence: the bundle is as
    /// trusted as the executable that carries it).
    static func fingerprint(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// Reads a payload; nil for bytes that are not one.
    init?(decoding bytes: [UInt8]) {
        var reader = ByteReader(bytes: bytes)
        guard reader.take(4) == Array("TLBP".utf8), reader.integer(UInt32.self) == 1,
            let entry = reader.string(), let count = reader.integer(UInt32.self)
        else { return nil }
        var files: [File] = []
        for _ in 0..<count {
            guard let path = reader.string(), let mode = reader.integer(UInt32.self),
                let size = reader.integer(UInt64.self), size <= UInt64(Self.limit), let data = reader.take(Int(size))
            else { return nil }
            files.append(File(path: path, mode: mode, bytes: data))
        }
        self.entry = entry
        self.files = files
    }

    init(entry: String, files: [File]) {
        self.entry = entry
        self.files = files
    }
}

/// Where a payload is in an executable, read from its trailer.
struct BundleTrailer {
    var offset: Int
    var length: Int
    var id: UInt64

    /// The trailer at the end of `bytes`, if they are a bundle.
    init?(bytes: [UInt8]) {
        guard bytes.count >= BundlePayload.trailerSize else { return nil }
        var reader = ByteReader(bytes: Array(bytes.suffix(BundlePayload.trailerSize)))
        guard Array(bytes.suffix(8)) == BundlePayload.magic, let offset = reader.integer(UInt64.self),
            let length = reader.integer(UInt64.self), let id = reader.integer(UInt64.self),
            offset &+ length &+ UInt64(BundlePayload.trailerSize) == UInt64(bytes.count)
        else { return nil }
        self.offset = Int(offset)
        self.length = Int(length)
        self.id = id
    }

    /// The trailer of the executable open at `descriptor` (`size` bytes), if it has one.
    init?(descriptor: Int32, size: Int) {
        guard size >= BundlePayload.trailerSize else { return nil }
        var bytes = [UInt8](repeating: 0, count: BundlePayload.trailerSize)
        let read = bytes.withUnsafeMutableBytes {
            pread(descriptor, $0.baseAddress, BundlePayload.trailerSize, off_t(size - BundlePayload.trailerSize))
        }
        guard read == BundlePayload.trailerSize, Array(bytes[24...]) == BundlePayload.magic else { return nil }
        var reader = ByteReader(bytes: bytes)
        guard let offset = reader.integer(UInt64.self), let length = reader.integer(UInt64.self),
            let id = reader.integer(UInt64.self), length <= UInt64(BundlePayload.limit),
            offset &+ length &+ UInt64(BundlePayload.trailerSize) == UInt64(size)
        else { return nil }
        self.offset = Int(offset)
        self.length = Int(length)
        self.id = id
    }
}

/// Reads little-endian integers and strings from bytes, failing past their end.
struct ByteReader {
    let bytes: [UInt8]
    var position = 0

    mutating func take(_ count: Int) -> [UInt8]? {
        guard count >= 0, count <= bytes.count - position else { return nil }
        defer { position += count }
        return Array(bytes[position..<(position + count)])
    }

    mutating func integer<T: FixedWidthInteger>(_ type: T.Type) -> T? {
        guard let raw = take(MemoryLayout<T>.size) else { return nil }
        return raw.reversed().reduce(T(0)) { $0 << 8 | T($1) }
    }

    mutating func string() -> String? {
        guard let length = integer(UInt32.self), let raw = take(Int(length)) else { return nil }
        return String(validating: raw, as: UTF8.self)
    }
}

extension Array where Element == UInt8 {
    mutating func appendInteger<T: FixedWidthInteger>(_ value: T) {
        var little = value.littleEndian
        Swift.withUnsafeBytes(of: &little) { append(contentsOf: $0) }
    }

    mutating func appendString(_ text: String) {
        appendInteger(UInt32(text.utf8.count))
        append(contentsOf: text.utf8)
    }
}
