#if Serve
import Foundation
import NIOSSH
import Testing

@testable import TheoluaServe

/// Host key and authorized keys files as `ssh-keygen` writes them, and as they arrive
/// damaged: read, or refused with a reason, never a crash.
@Suite struct KeyFileTests {
    /// A key made by `ssh-keygen` with `arguments`: the private file and the public line.
    static func generate(_ arguments: [String]) throws -> (privateKey: String, publicKey: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("theolua-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("key").path
        try #require(Self.run(["ssh-keygen", "-q", "-f", file] + arguments) == 0, "ssh-keygen \(arguments)")
        return (
            try String(contentsOfFile: file, encoding: .utf8),
            try String(contentsOfFile: file + ".pub", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        )
    }

    /// Runs a program found on PATH, its output dropped; its wait status.
    static func run(_ arguments: [String]) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    @Test(arguments: [
        ["-t", "ed25519"], ["-t", "ecdsa", "-b", "256"], ["-t", "ecdsa", "-b", "384"], ["-t", "ecdsa", "-b", "521"],
    ])
    func aHostKeyFromSSHKeygenIsReadAsTheKeyItIs(arguments: [String]) throws {
        let (privateKey, publicKey) = try Self.generate(arguments + ["-N", ""])
        let key = try HostKey.parse(privateKey, path: "host")
        let expected = publicKey.split(separator: " ").prefix(2).joined(separator: " ")
        #expect(String(openSSHPublicKey: key.publicKey) == expected)
    }

    @Test func aKeyWithAPassphraseOrOfAnotherKindIsRefusedWithTheReason() throws {
        let locked = try Self.generate(["-t", "ed25519", "-N", "secret words"])
        #expect(throws: HostKey.Failure.self) { try HostKey.parse(locked.privateKey, path: "host") }
        do {
            _ = try HostKey.parse(locked.privateKey, path: "host")
        } catch {
            #expect(error.description == "host key host: the key has a passphrase; the server needs one without (ssh-keygen -N '')")
        }
        let rsa = try Self.generate(["-t", "rsa", "-b", "2048", "-N", ""])
        do {
            _ = try HostKey.parse(rsa.privateKey, path: "host")
            Issue.record("an RSA key was taken")
        } catch {
            #expect(error.description == "host key host: ssh-rsa keys are not supported; use an Ed25519 or ECDSA key")
        }
    }

    @Test func damagedHostKeysAreRefusedNeverTakenOrCrashedOn() throws {
        let (privateKey, _) = try Self.generate(["-t", "ed25519", "-N", ""])
        let lines = privateKey.split(separator: "\n").map(String.init)
        let body = Array(Data(base64Encoded: lines.dropFirst().dropLast().joined()) ?? Data())
        try #require(!body.isEmpty)
        var generator = SystemRandomNumberGenerator()
        var refused = 0
        for round in 0..<3_000 {
            var bytes = body
            switch round % 3 {
            case 0: bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator)))
            case 1:
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
            default:
                bytes.insert(contentsOf: (0..<8).map { _ in UInt8.random(in: 0...255, using: &generator) },
                    at: Int.random(in: 0...bytes.count, using: &generator))
            }
            let text = lines[0] + "\n" + Data(bytes).base64EncodedString() + "\n" + lines[lines.count - 1] + "\n"
            if (try? HostKey.parse(text, path: "host")) == nil { refused += 1 }
        }
        #expect(refused > 1_000, "most damaged keys are refused")
        #expect(throws: HostKey.Failure.self) { try HostKey.parse("", path: "host") }
        #expect(throws: HostKey.Failure.self) {
            try HostKey.parse("-----BEGIN OPENSSH PRIVATE KEY-----\n%%%\n-----END OPENSSH PRIVATE KEY-----", path: "host")
        }
    }

    @Test func authorizedKeysTakeKeysAndLeaveOutWhatTheServerCannotHonour() throws {
        let first = try Self.generate(["-t", "ed25519", "-N", ""]).publicKey
        let second = try Self.generate(["-t", "ecdsa", "-N", ""]).publicKey
        let restricted = try Self.generate(["-t", "ed25519", "-N", ""]).publicKey
        let rsa = try Self.generate(["-t", "rsa", "-b", "2048", "-N", ""]).publicKey
        let file = """
            # the team

            \(first)
              \(second)
            from="10.0.0.0/8",no-pty \(restricted)
            \(rsa)
            ssh-ed25519 AAAAnotbase64
            just words
            """
        let keys = try AuthorizedKeys(parsing: file, path: "keys")
        #expect(keys.keys.count == 2)
        #expect(keys.keys.contains(try NIOSSHPublicKey(openSSHPublicKey: first.split(separator: " ").prefix(2).joined(separator: " "))))
        #expect(!keys.keys.contains(try NIOSSHPublicKey(openSSHPublicKey: restricted.split(separator: " ").prefix(2).joined(separator: " "))))
        #expect(keys.warnings == [
            "keys:5: options before the key are not supported; the key is left out",
            "keys:6: ssh-rsa keys are not supported (Ed25519 and ECDSA are); left out",
            "keys:7: the key is damaged; left out",
            "keys:8: not a key; left out",
        ])
        do {
            _ = try AuthorizedKeys(parsing: "# nobody\n", path: "keys")
            Issue.record("an empty file was taken")
        } catch {
            #expect(error.description == "authorized keys keys: no key to let in")
        }
    }
}
#endif
