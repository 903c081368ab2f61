import Foundation
import StudioKit
import StudioTesting
import Testing

@testable import StudioVideo

@Suite struct VideoDecoderTests {
    /// The picture's pixels, for comparing frames.
    func bytes(_ frame: VideoFrame?) -> [UInt32] {
        guard let p = frame?.picture else { return [] }
        return Array(UnsafeBufferPointer(start: p.pixels, count: p.width * p.height))
    }

    @Test("a clip opens with its size, duration, frame rate and codec")
    func info() throws {
        let d = try VideoDecoder(path: TestClips.portrait)
        #expect(d.info.width == 180 && d.info.height == 320)
        #expect(abs(d.info.duration - 2) < 0.05)
        #expect(abs(d.info.frameRate - 30) < 0.01)
        #expect(d.info.codec == "h264")
        #expect(d.info.name == "portrait.mp4")
        #expect(!d.info.isLandscape)
        #expect(try VideoDecoder(path: TestClips.landscape).info.isLandscape)
    }

    @Test("reading on gives every frame once, in time order, opaque")
    func sequential() throws {
        let d = try VideoDecoder(path: TestClips.portrait)
        var times: [Double] = []
        while let f = try d.next() {
            times.append(f.time)
            #expect(f.picture.isOpaque && f.picture.pixel(x: 5, y: 5) >> 24 == 0xFF)
        }
        #expect(times.count == 60)
        #expect(times == times.sorted())
        #expect(abs(times[30] - 1.0) < 1e-6)
        #expect(Set(times).count == times.count)
    }

    @Test("the frame at a time is the last at or before it, and the same whatever was read before (seeks back and forth)")
    func frameAtTime() throws {
        let d = try VideoDecoder(path: TestClips.portrait)
        let at13 = try #require(try d.frame(at: 1.3))
        #expect(abs(at13.time - 1.3) < 1.0 / 30 && at13.time <= 1.3 + 1e-6)
        let early = try #require(try d.frame(at: 0.1))
        #expect(early.time <= 0.1 + 1e-6)
        // Back to 1.3 through a seek: the same picture, pixel for pixel.
        let again = try d.frame(at: 1.3)
        #expect(again?.picture.identity == at13.picture.identity)
        #expect(bytes(again) == bytes(at13))
        // A fresh decoder reading forward from the start agrees too.
        let fresh = try VideoDecoder(path: TestClips.portrait)
        var last: VideoFrame?
        while let f = try fresh.next(), f.time <= 1.3 + 1e-6 { last = f }
        #expect(bytes(last) == bytes(at13))
        // Before the first frame: the first; after the end: the last.
        #expect(try d.frame(at: 0)?.time == 0)
        #expect(try d.frame(at: -5)?.time == 0)
        let end = try #require(try d.frame(at: 99))
        #expect(end.time > 1.9)
        #expect(try d.frame(at: .nan)?.time == 0)
    }

    @Test("a lossless clip decodes to the generator's pixels, the same in every run")
    func lossless() throws {
        let a = try VideoDecoder(path: TestClips.lossless)
        let b = try VideoDecoder(path: TestClips.lossless)
        #expect(a.outputWidth == 180 && a.outputHeight == 320)
        let fa = try a.frame(at: 0.5), fb = try b.frame(at: 0.5)
        #expect(bytes(fa) == bytes(fb) && !bytes(fa).isEmpty)
    }

    @Test("big pictures are made at most maxSide on their longer side, keeping the shape")
    func maxSide() throws {
        let d = try VideoDecoder(path: TestClips.portrait, maxSide: 160)
        #expect(d.outputHeight == 160 && d.outputWidth == 90)
        let f = try #require(try d.next())
        #expect(f.picture.width == 90 && f.picture.height == 160)
    }

    @Test("files that cannot play are refused with the file and FFmpeg's reason")
    func badFiles() throws {
        func failure(_ path: String) -> String {
            do {
                _ = try VideoDecoder(path: path)
                return "opened"
            } catch { return "\(error)" }
        }
        let missing = failure("/no/such/clip.mp4")
        #expect(missing == "cannot play /no/such/clip.mp4: no such file (check the path)")
        // A relative path says where it was looked for; an empty one says so. The reason
        // names no flag: the caller knows whether it came from --video or a configuration.
        #expect(
            failure("no/clip.mp4").hasSuffix(
                "no such file (check the path; relative paths start at \(FileManager.default.currentDirectoryPath))"))
        #expect(failure("") == "cannot play \"\": the path is empty")
        let text = try TestClips.text()
        #expect(failure(text).hasPrefix("cannot play \(text): opening it as a media file: Invalid data found"), "\(failure(text))")
        #expect(failure(TestClips.audioOnly) == "cannot play \(TestClips.audioOnly): it has no video stream")
        #expect(failure(FileManager.default.temporaryDirectory.path).contains("cannot play"))
        #expect(failure(FileManager.default.temporaryDirectory.path).hasSuffix(": it is a folder, not a file"))
    }

    @Test("a truncated file plays what it has, then ends; a damaged one plays on without crashing")
    func damaged() throws {
        let truncated = try TestClips.truncated(TestClips.portrait, to: 0.5)
        // The index (moov) of this MP4 is at the end, so half a file may not open at all: either
        // way the error or the frames come back, never a crash.
        if let d = try? VideoDecoder(path: truncated) {
            var n = 0
            while (try? d.next()) != nil, n < 100 { n += 1 }
            #expect(n <= 60)
        }
        let corrupt = try TestClips.corrupted(TestClips.portrait, from: 0.3, bytes: 4000)
        let d = try VideoDecoder(path: corrupt)
        var frames = 0
        do {
            while try d.next() != nil { frames += 1 }
        } catch let error as VideoError {
            #expect(error.file == corrupt)
        }
        #expect(frames > 0)
        _ = try? d.frame(at: 1.5)
    }

    @Test("a stream FFmpeg opens but cannot decode one picture of is a failure in one sentence, with FFmpeg's reason")
    func undecodable() throws {
        let path = TestClips.hugeMJPEG
        let decoder = try VideoDecoder(path: path)
        #expect(decoder.info.width == 16 && decoder.info.height == 16, "the container's size")
        #expect(throws: VideoError.self) { _ = try decoder.frame(at: 0) }
        do {
            _ = try VideoDecoder(path: path).next()
            Issue.record("a picture came out of \(path)")
        } catch let error as VideoError {
            #expect(error.file == path)
            #expect(error.reason.hasPrefix("FFmpeg decoded no picture from its mjpeg video (16x16)"), "\(error)")
            #expect(error.reason.contains("65535"), "FFmpeg's own reason: \(error)")
        }
    }
}
