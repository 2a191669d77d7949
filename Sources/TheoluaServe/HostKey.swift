#if Serve
import Crypto
import Foundation
import NIOSSH

/// The server's host key, read from a private key file as `ssh-keygen` writes it
/// (`ssh-keygen -t ed25519 -f host_key -N ''`): OpenSSH's own format for Ed25519 and
/// ECDSA (P-256, P-384, P-521) keys, or PEM/PKCS#8 for ECDSA. A key with a passphrase is
/// refused: the server starts unattended.
enum HostKey {
    /// Why a host key file could not be used.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The key in `text` (the file's contents); `path` names it in errors.
    static func parse(_ text: String, path: String) throws(Failure) -> NIOSSHPrivateKey {
        func failure(_ reason: String) -> Failure { Failure(description: "host key \(path): \(reason)") }
        let begin = "-----BEGIN OPENSSH PRIVATE KEY-----"
        let end = "-----END OPENSSH PRIVATE KEY-----"
        if let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex) {
            let body = text[start.upperBound..<stop.lowerBound].filter { !$0.isWhitespace }
            guard let bytes = Data(base64Encoded: String(body)) else { throw failure("the key is not valid base64") }
            do {
                return try openSSHKey(Array(bytes))
            } catch {
                throw failure(error.description)
            }
        }
        if let key = try? P256.Signing.PrivateKey(pemRepresentation: text) { return NIOSSHPrivateKey(p256Key: key) }
        if let key = try? P384.Signing.PrivateKey(pemRepresentation: text) { return NIOSSHPrivateKey(p384Key: key) }
        if let key = try? P521.Signing.PrivateKey(pemRepresentation: text) { return NIOSSHPrivateKey(p521Key: key) }
        throw failure(
            "not an Ed25519 or ECDSA private key in OpenSSH or PEM form (make one with ssh-keygen -t ed25519 -f FILE -N '')"
        )
    }

    /// A key in OpenSSH's `openssh-key-v1` format: magic, cipher, KDF, options, one public
    /// key, then the private section (two equal check numbers, the key, a comment).
    private static func openSSHKey(_ bytes: [UInt8]) throws(Failure) -> NIOSSHPrivateKey {
        var reader = SSHReader(bytes)
        let magic = Array("openssh-key-v1".utf8) + [0]
        guard reader.take(magic.count) == magic else { throw Failure(description: "not an openssh-key-v1 key") }
        let cipher = try reader.string()
        let kdf = try reader.string()
        _ = try reader.bytes()
        guard cipher == "none", kdf == "none" else {
            throw Failure(description: "the key has a passphrase; the server needs one without (ssh-keygen -N '')")
        }
        guard try reader.integer() == 1 else { throw Failure(description: "the file holds more than one key") }
        _ = try reader.bytes()
        var secret = SSHReader(try reader.bytes())
        guard try secret.integer() == secret.integer() else { throw Failure(description: "the key is damaged") }
        let type = try secret.string()
        do {
            switch type {
            case "ssh-ed25519":
                _ = try secret.bytes()
                let pair = try secret.bytes()  // the 32-byte seed, then the public key
                guard pair.count == 64 else { throw Failure(description: "the Ed25519 key is damaged") }
                return NIOSSHPrivateKey(ed25519Key: try Curve25519.Signing.PrivateKey(rawRepresentation: pair.prefix(32)))
            case "ecdsa-sha2-nistp256":
                return NIOSSHPrivateKey(p256Key: try P256.Signing.PrivateKey(rawRepresentation: try scalar(&secret, 32)))
            case "ecdsa-sha2-nistp384":
                return NIOSSHPrivateKey(p384Key: try P384.Signing.PrivateKey(rawRepresentation: try scalar(&secret, 48)))
            case "ecdsa-sha2-nistp521":
                return NIOSSHPrivateKey(p521Key: try P521.Signing.PrivateKey(rawRepresentation: try scalar(&secret, 66)))
            default:
                throw Failure(description: "\(type) keys are not supported; use an Ed25519 or ECDSA key")
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "the \(type) key is damaged")
        }
    }

    /// An ECDSA key's private scalar, after its curve name and public point, as the
    /// `size` bytes of its big-endian value.
    private static func scalar(_ reader: inout SSHReader, _ size: Int) throws(Failure) -> [UInt8] {
        _ = try reader.string()
        _ = try reader.bytes()
        var value = try reader.bytes()
        while value.count > size, value.first == 0 { value.removeFirst() }
        guard value.count <= size else { throw Failure(description: "the ECDSA key is damaged") }
        return [UInt8](repeating: 0, count: size - value.count) + value
    }
}

/// Reads the SSH wire encoding: 32-bit big-endian integers and length-prefixed strings.
struct SSHReader {
    private let data: [UInt8]
    private var offset = 0

    init(_ data: [UInt8]) { self.data = data }

    /// The next `count` bytes, or nil when fewer are left.
    mutating func take(_ count: Int) -> [UInt8]? {
        guard count >= 0, data.count - offset >= count else { return nil }
        defer { offset += count }
        return Array(data[offset..<offset + count])
    }

    mutating func integer() throws(HostKey.Failure) -> UInt32 {
        guard let four = take(4) else { throw HostKey.Failure(description: "the key is cut short") }
        return four.reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func bytes() throws(HostKey.Failure) -> [UInt8] {
        let count = try integer()
        guard let value = take(Int(count)) else { throw HostKey.Failure(description: "the key is cut short") }
        return value
    }

    mutating func string() throws(HostKey.Failure) -> String {
        String(decoding: try bytes(), as: UTF8.self)
    }
}
#endif
