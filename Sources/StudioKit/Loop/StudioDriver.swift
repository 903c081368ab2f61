import Foundation

/// The central driver: owns the loop, the current studio, its value state and
/// the I/O components' inbox, and runs one frame at a time. It never re-enters itself
/// (`runFrame` traps if called from inside a frame) and never starts asynchronous work:
/// what it reacts to arrives as events delivered in the dispatch phase, and what it does
/// about them takes effect in the update phase.
public final class StudioDriver {
    public private(set) var state: DriverState
    public private(set) var studio: Room
    /// The room sliding in during a transition.
    package private(set) var incoming: Room?
    package let backend: Backend
    /// The simulation clock (injected: real time in a window, a manual clock headless).
    public let clock: Clock
    /// Measures phase durations only; never feeds the simulation.
    package let timer: Clock
    public let inbox = Inbox<StudioNote>()
    package let recorder = FrameRecorder()
    /// Inspector, HUD...: see input first, draw over the room (see `FrameOverlay`).
    package var overlays: [FrameOverlay] = []
    /// Records the frames, their phases and each layer's draw as spans on the loop thread,
    /// with their real times, and each note from its sending to its delivery (nil: not tracing).
    /// The flow ids of the notes drained this frame (zero when not traced).
    private var noteFlows: [UInt64] = []
    package var tracer: Tracer? {
        didSet { inbox.tracer = tracer }
    }
    public private(set) var loop = FixedStepLoop()
    /// Seconds a room transition takes.
    package var transitionDuration = 0.35
    /// Seconds the room takes to spring back past the first or the last room.
    package var bounceDuration = 0.3
    /// Where warnings go (runaway event chains, provider errors).
    public var log: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }

    /// The I/O components (server feed, player) the driver sends Controls to. Their Notes
    /// come back through `inbox`.
    public private(set) var components: [IOComponent] = []
    /// Notes dropped because they were for a room that is no longer current.
    package private(set) var staleNotes = 0

    let provider: StudioProvider
    let canvas: Canvas
    private var noteBuffer: [StudioNote] = []
    private var isInFrame = false
    private var pendingRoomChange: Int?
    private var subscriptions: [SubscriptionToken] = []
    /// The incoming room's requests of the players, until it is the room.
    private var heldRequests: HeldVideoRequests?

    /// Builds the driver and loads the studio at position 0.
    public init(provider: StudioProvider, backend: Backend, clock: Clock, timer: Clock = MonotonicClock()) throws {
        self.provider = provider
        self.backend = backend
        self.clock = clock
        self.timer = timer
        canvas = Canvas(measurer: backend.textMeasurer)
        studio = try provider.makeStudio(at: 0)
        state = DriverState(room: studio.room)
        attach(studio)
    }

    /// True once the studio was closed (Esc, close button, window closed).
    package var isFinished: Bool { state.isClosing && studio.lifecycle == .left && incoming == nil }

    /// The display list of the last frame drawn.
    public var displayList: DisplayList { canvas.list }

    // MARK: One frame

    /// Runs one frame: inbox, input, dispatch, update, draw, render, present (pacing is the
    /// caller's: see `run`). Returns the frame's timing, also kept in `recorder`; with a
    /// tracer, each phase is also a span of the trace.
    @discardableResult
    package func runFrame() throws -> FrameTiming {
        precondition(!isInFrame, "StudioDriver.runFrame re-entered")
        isInFrame = true
        defer { isInFrame = false }
        var timing = FrameTiming(index: state.frame)
        var phases = PhaseClock(timer: timer, tracer: tracer)

        drainInbox()
        phases.lap(.inbox, into: &timing)
        pollInput()
        phases.lap(.input, into: &timing)
        timing.eventsDelivered = dispatchEvents()
        phases.lap(.dispatch, into: &timing)
        timing.steps = advanceSimulation()
        phases.lap(.update, into: &timing)
        drawList(&timing)
        phases.lap(.draw, into: &timing)
        try backend.render(canvas.list)
        phases.lap(.render, into: &timing)
        try backend.present()
        phases.lap(.present, into: &timing)

        phases.finish(timing)
        state.frame += 1
        recorder.record(timing)
        return timing
    }

    /// 1. Inbox: notes from I/O threads become announcer events, here on the loop thread.
    private func drainInbox() {
        inbox.drain(into: &noteBuffer, flowIDs: &noteFlows)
        for (note, flow) in zip(noteBuffer, noteFlows) {
            let begin = tracer != nil ? Tracer.now() : 0
            // A late note from the previous room's connection is not for this room.
            let isStale = note.roomID.map { $0 != studio.room.id } ?? false
            if isStale {
                staleNotes += 1
            } else {
                for overlay in overlays { overlay.noteArrived(note, driver: self) }
                studio.receiveFeed(note)
            }
            if let tracer, flow != 0 {
                tracer.flow(flow, end: true, name: "note", at: begin, thread: "loop")
                tracer.span("\(isStale ? "drop stale" : "deliver") \(note.name)", category: "inbox", since: begin, thread: "loop")
            }
        }
        noteBuffer.removeAll(keepingCapacity: true)
        noteFlows.removeAll(keepingCapacity: true)
    }

    /// 2. Input: platform events in logical coordinates; none reach a room in transition.
    private func pollInput() {
        for event in backend.pollInput(now: clock.now()) {
            if case .quit = event {
                close()
            } else if overlays.contains(where: { $0.handle(event, driver: self) }) {
                continue
            } else if state.transition == nil {
                studio.handleInput(event)
            }
        }
    }

    /// 3. Dispatch: queued events are delivered (the driver's own reactions only set state).
    private func dispatchEvents() -> Int {
        studio.announcer.deliverQueued().delivered + (incoming?.announcer.deliverQueued().delivered ?? 0)
    }

    /// 4. Update: whole fixed steps from the injected clock; returns how many. The loop's
    /// own work here is traced as slices of its own, so that with the widgets' slices they
    /// account for the whole phase.
    private func advanceSimulation() -> Int {
        let steps = loop.advance(to: clock.now())
        for _ in 0..<steps {
            let begin = tracer != nil ? Tracer.now() : 0
            step(loop.nextStep())
            tracer?.span("step", category: "loop", since: begin, thread: "loop")
        }
        // Components learn the simulated time once per frame; their notes arrive through
        // the inbox in a later frame (never a call back into this one).
        if steps > 0 {
            let begin = tracer != nil ? Tracer.now() : 0
            send(.advance(to: loop.simulatedTime))
            tracer?.span("advance components", category: "loop", since: begin, thread: "loop")
        }
        return steps
    }

    /// Runs frames until `frames` have run (nil: until the studio closes). `paced` sleeps to
    /// the next 1/60 s tick after each frame; `beforeEachFrame` runs first in each frame's
    /// slot (headless runs advance their manual clock there).
    public func run(frames: Int?, paced: Bool, beforeEachFrame: () -> Void = {}) throws {
        defer { backend.stop() }
        let start = timer.now()
        var n = 0
        while frames.map({ n < $0 }) ?? true, !isFinished {
            beforeEachFrame()
            var timing = try runFrame()
            n += 1
            if paced {
                let before = timer.now()
                let deadline = start + Double(n) * loop.step
                if deadline > before { usleep(useconds_t((deadline - before) * 1e6)) }
                timing[.pace] = timer.now() - before
                recorder.replaceLast(timing)
            }
        }
    }

    // MARK: Steps

    private func step(_ step: FrameStep) {
        if state.isClosing {
            finishClosing()
            return
        }
        if let direction = pendingRoomChange {
            pendingRoomChange = nil
            beginTransition(direction)
        }
        if var b = state.bounce {
            b.progress += step.dt / bounceDuration
            state.bounce = b.progress >= 1 ? nil : b
            state.dragOffset = b.progress >= 1 ? 0 : b.offset(height: studio.environment.viewport.height)
        }
        studio.update(step)
        if let incoming { incoming.update(step) }
        if var t = state.transition {
            t.progress = min(1, t.progress + step.dt / transitionDuration)
            state.transition = t
            if t.progress >= 1 { finishTransition() }
        }
    }

    private func beginTransition(_ direction: Int) {
        guard state.transition == nil, !state.isClosing else { return }
        state.bounce = nil
        let position = state.position + direction
        do {
            let next = try provider.makeStudio(at: position)
            // What its widgets ask of the players as they load is for when it is the room.
            heldRequests = HeldVideoRequests(next.announcer)
            next.load()
            incoming = next
            studio.willLeave()
            state.transition = RoomTransition(direction: direction, progress: 0, startOffset: state.dragOffset)
            state.position = position
        } catch {
            let room = provider.room(at: position)
            log("cannot open room \(room.id) (\(room.kind)): \(error); staying in room \(state.room.id)")
        }
        state.dragOffset = 0
    }

    private func finishTransition() {
        guard let next = incoming else { return }
        leave(studio)
        detach()
        studio = next
        incoming = nil
        state.transition = nil
        state.room = next.room
        attach(next)
        send(.roomEntered(next.room))
        for (control, channel) in heldRequests?.take() ?? [] { send(.video(control, on: channel)) }
        heldRequests = nil
    }

    /// Runs a studio's did-leave, tells the components and hands its output to the provider.
    private func leave(_ s: Room) {
        guard s.lifecycle != .left else { return }
        s.didLeave()
        send(.roomLeft(s.room))
        provider.studioDidLeave(s.output)
    }

    // MARK: I/O components

    /// Adds an I/O component; it is told at once which room is current.
    public func add(_ component: IOComponent) {
        components.append(component)
        component.handle(.roomEntered(studio.room))
    }

    /// Tells every component to stop (threads end). Call once, when done with the driver.
    public func shutdown() {
        send(.shutdown)
        components.removeAll()
        for (report, count) in runawayRepeats.sorted(by: { $0.key < $1.key }) where count > 0 {
            log("\(report): \(count) more time\(count == 1 ? "" : "s") after the first")
        }
        runawayRepeats.removeAll()
    }

    /// Runaways said so far, and how often each recurred since.
    private var runawayRepeats: [String: Int] = [:]

    private func send(_ control: DriverControl) {
        for c in components { c.handle(control) }
    }

    /// Ends the session as closing the window does: the rooms leave (their lifecycle runs)
    /// and `run` returns once they have. A signal to quit comes in this way.
    package func close() {
        guard !state.isClosing else { return }
        state.isClosing = true
        studio.willLeave()
        incoming?.willLeave()
    }

    /// Both rooms of an interrupted transition leave; then the loop ends.
    private func finishClosing() {
        incoming?.didLeave()
        incoming = nil
        heldRequests = nil
        state.transition = nil
        leave(studio)
    }

    // MARK: Events

    private func attach(_ s: Room) {
        // Read `log` when a runaway happens, not when the studio attaches: callers set it after init.
        // Each kind of runaway is said once: one that recurs every frame (a flood of events)
        // would otherwise bury everything else; `shutdown` says how often it recurred.
        s.announcer.onRunaway = { [weak self] report in
            guard let self else { return }
            let key = report.description
            runawayRepeats[key, default: -1] += 1
            if runawayRepeats[key] == 0 { log(key) }
        }
        let a = s.announcer
        // Last of all listeners: the room's widgets see each event before the room moves.
        let last = -1000
        subscriptions =
            [
                a.subscribe(self, to: .roomChangeRequested, priority: last) { $0.changeRoom($1) },
                a.subscribe(self, to: .roomDragged, priority: last) { $0.follow($1) },
                a.subscribe(self, to: .closeRequested, priority: last) { driver, _ in driver.close() },
                a.subscribe(self, to: .connectionChanged, priority: last) { $0.state.connection = $1 },
                a.subscribe(self, to: .orientationChanged, priority: last) { $0.state.isLandscape = $1 },
            ]
            + VideoChannel.allCases.map { channel in
                a.subscribe(self, to: channel.keys.request, priority: last) { $0.send(.video($1, on: channel)) }
            }
        s.load()
    }

    /// The room gesture went past the first room (`.previous`) or the last (`.next`): the room
    /// springs back and the studio is told (`.roomEdgeReached`), so it can say so.
    private func bounce(_ step: RoomStep) {
        state.bounce = RoomBounce(direction: step.offset, startOffset: state.dragOffset)
        studio.announcer.publish(.roomEdgeReached, step)
    }

    private func detach() {
        for t in subscriptions { t.cancel() }
        subscriptions = []
    }

    /// The studio asks for the next or the previous room: it comes at the next frame, or
    /// the room bounces when there is none that way.
    private func changeRoom(_ step: RoomStep) {
        guard state.transition == nil else { return }
        if provider.hasRoom(at: state.position + step.offset) {
            pendingRoomChange = step.offset
        } else {
            bounce(step)
        }
    }

    /// The finger drags the room, or let go of it short of a change.
    private func follow(_ drag: RoomDrag) {
        guard state.transition == nil else { return }
        switch drag {
        case .released:
            // The room springs back from where it was.
            if state.dragOffset != 0 {
                state.bounce = RoomBounce(direction: state.dragOffset < 0 ? 1 : -1, startOffset: state.dragOffset)
            }
        case .moved(let dy):
            state.bounce = nil
            let towards = dy < 0 ? 1 : -1
            state.dragOffset =
                provider.hasRoom(at: state.position + towards)
                ? dy : RoomBounce.resisted(dy, height: studio.environment.viewport.height)
        }
    }
}

/// The requests a room's widgets make of the video players (`VideoKeys.request`) while the
/// room slides in: it loads, and its widgets ask for their streams, before it is the current
/// room, so the players hear them only once it is (after `.roomEntered`), in order.
private final class HeldVideoRequests {
    private var held: [(VideoControl, VideoChannel)] = []
    private var tokens: [SubscriptionToken] = []

    init(_ announcer: Announcer) {
        tokens = VideoChannel.allCases.map { channel in
            announcer.subscribe(self, to: channel.keys.request, priority: -1000) { $0.held.append(($1, channel)) }
        }
    }

    deinit { for t in tokens { t.cancel() } }

    /// The requests held, oldest first; no more are taken.
    func take() -> [(VideoControl, VideoChannel)] {
        for t in tokens { t.cancel() }
        tokens = []
        defer { held = [] }
        return held
    }
}
