#if Serve
import NIOSSH

/// The public keys allowed in, read from a file in OpenSSH's `authorized_keys` form: one
/// key a line (`ssh-ed25519 AAAA… comment`), `#` comments and blank lines ignored. A line
/// with options before its key (`from="…"`, `command="…"`) is left out with a warning: the
/// server does not apply them, and a key its owner meant to restrict must not get in
/// unrestricted.
struct AuthorizedKeys: Sendable {
    let keys: Set<NIOSSHPublicKey>
    /// What was left out, one line each, to tell whoever starts the server.
    let warnings: [String]

    /// Why the file could not be used.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let keyTypes: Set<Substring> = [
        "ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521",
    ]

    /// The keys of `text` (the file's contents); `path` names it in messages.
    init(parsing text: String, path: String) throws(Failure) {
        var keys: Set<NIOSSHPublicKey> = []
        var warnings: [String] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: " \t\r")
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            let place = "\(path):\(index + 1)"
            guard let type = fields.first, fields.count >= 2 else {
                warnings.append("\(place): not a key; left out")
                continue
            }
            guard Self.keyTypes.contains(type) else {
                if fields.dropFirst().contains(where: { Self.keyTypes.contains($0) }) {
                    warnings.append("\(place): options before the key are not supported; the key is left out")
                } else if ["ssh-", "ecdsa-", "sk-"].contains(where: { type.hasPrefix($0) }) {
                    warnings.append("\(place): \(type) keys are not supported (Ed25519 and ECDSA are); left out")
                } else {
                    warnings.append("\(place): not a key; left out")
                }
                continue
            }
            do {
                keys.insert(try NIOSSHPublicKey(openSSHPublicKey: "\(type) \(fields[1])"))
            } catch {
                warnings.append("\(place): the key is damaged; left out")
            }
        }
        guard !keys.isEmpty else {
            throw Failure(description: "authorized keys \(path): no key to let in" + (warnings.first.map { " (\($0))" } ?? ""))
        }
        self.keys = keys
        self.warnings = warnings
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> Substring {
        var result = self
        while let first = result.first, set.contains(first) { result = result.dropFirst() }
        while let last = result.last, set.contains(last) { result = result.dropLast() }
        return result
    }
}
#endif
