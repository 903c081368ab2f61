import Foundation

/// A small tmpfs, mounted for a test and unmounted after, to fill as a full disk fills.
/// Mounting needs root (as CI runs); `mounted` says whether it worked.
package final class TinyDisk {
    package static let canMount = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount")

    package let path = FileManager.default.temporaryDirectory.appendingPathComponent("tiny-\(UUID().uuidString)").path
    package let mounted: Bool

    /// Mounts one of `size` bytes (the kernel rounds it up to whole pages).
    package init(size: Int = 64 * 1024) {
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", path]
        mount.standardError = FileHandle.nullDevice
        do {
            try mount.run()
            mount.waitUntilExit()
            mounted = mount.terminationStatus == 0
        } catch {
            mounted = false
        }
    }

    deinit {
        if mounted {
            let unmount = Process()
            unmount.executableURL = URL(fileURLWithPath: "/bin/umount")
            unmount.arguments = [path]
            try? unmount.run()
            unmount.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: path)
    }
}
