import Testing

@testable import StudioKit

/// Lite mode moves the movable layer away and back; the other layers stay.
@Suite("Lite mode")
struct LayerLiteModeTests {
    static func settle(_ studio: Room, steps: Int = 30) {
        for i in 1...steps { studio.update(fixedStep(i)) }
    }

    @Test("entering lite mode slides the movable layer a full width away and dims it")
    func liteSlidesTheMovableLayerAway() {
        let studio = makeEmptyStudio()
        studio.load()
        studio.setLiteMode(true)
        Self.settle(studio)
        #expect(studio.isLiteMode)
        #expect(studio.stack.liteProgress == 1)
        #expect(studio.layer(.movable).transform == .translation(720, 0))
        #expect(abs(studio.layer(.movable).alpha - 0.6) < 1e-12)
        for kind in LayerKind.allCases where kind != .movable {
            #expect(studio.layer(kind).transform == .identity)
        }
    }

    @Test("leaving lite mode brings the movable layer back")
    func leavingLiteBringsItBack() {
        let studio = makeEmptyStudio()
        studio.load()
        studio.setLiteMode(true)
        Self.settle(studio)
        studio.toggleLiteMode()
        Self.settle(studio)
        #expect(!studio.isLiteMode)
        #expect(studio.layer(.movable).transform == .translation(0, 0))
        #expect(studio.layer(.movable).alpha == 1)
    }

    @Test("switching lite mode publishes it once per change with the new state")
    func liteAnnouncesChanges() {
        let studio = makeEmptyStudio()
        let listener = LoggingListener("l", log: CallLog())
        listener.listen(to: .liteModeChanged, on: studio.announcer)
        studio.setLiteMode(true)
        studio.setLiteMode(true)
        studio.setLiteMode(false)
        studio.announcer.deliverQueued()
        #expect(listener.values(of: .liteModeChanged) == [true, false])
    }
}
