#if Serve && os(Linux)
import Foundation
import Testing

@testable import TheoluaServe

/// What a connection that never logs in costs the server: it is closed after the login
/// grace time, as OpenSSH closes one after its LoginGraceTime.
@Suite struct ConnectionLimitTests {
    @Test func aConnectionThatNeverLogsInIsClosedAfterTheGraceTime() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("theolua-grace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let host = try KeyFileTests.generate(["-t", "ed25519", "-N", ""])
        let client = try KeyFileTests.generate(["-t", "ed25519", "-N", ""])
        try host.privateKey.write(to: folder.appendingPathComponent("host"), atomically: true, encoding: .utf8)
        try client.publicKey.write(to: folder.appendingPathComponent("keys"), atomically: true, encoding: .utf8)
        var configuration = ServeConfiguration(
            executable: "/bin/false", app: "/nonexistent.lua", runArguments: [], host: "127.0.0.1", port: 0,
            hostKeyPath: folder.appendingPathComponent("host").path,
            authorizedKeysPath: folder.appendingPathComponent("keys").path, maxSessions: 1, idleTimeout: nil,
            log: { _ in })
        configuration.loginGrace = .milliseconds(300)
        let server = try SSHServer(configuration: configuration)
        defer { server.stop() }

        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)  // Linux: SOCK_STREAM is an enum
        try #require(socket >= 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(server.port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try #require(connected == 0)
        // Say nothing; the server greets, then gives up on us.
        let started = ContinuousClock.now
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var closed = false
        while ContinuousClock.now - started < .seconds(10) {
            var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) > 0 else { continue }
            let count = read(socket, &buffer, buffer.count)
            if count <= 0 {
                closed = true
                break
            }
            received += buffer[..<count]
        }
        #expect(closed, "the connection is closed")
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(String(decoding: received, as: UTF8.self).hasPrefix("SSH-2.0-"))
    }
}
#endif
