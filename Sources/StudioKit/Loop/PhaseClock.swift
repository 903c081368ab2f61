/// Times a frame's phases one after another: each `lap` ends the phase running and starts
/// the next, into the frame's timing and, with a tracer, as a span of the trace.
struct PhaseClock {
    let timer: any Clock
    let tracer: Tracer?
    private var mark: Double
    private let frameBegin: UInt64
    private var phaseBegin: UInt64

    init(timer: any Clock, tracer: Tracer?) {
        self.timer = timer
        self.tracer = tracer
        mark = timer.now()
        frameBegin = tracer != nil ? Tracer.now() : 0
        phaseBegin = frameBegin
    }

    mutating func lap(_ phase: FramePhase, into timing: inout FrameTiming) {
        let now = timer.now()
        timing[phase] = now - mark
        mark = now
        if let tracer {
            let end = Tracer.now()
            tracer.span(phase.description, category: "phase", begin: phaseBegin, end: end, thread: "loop")
            phaseBegin = end
        }
    }

    /// The whole frame's span.
    func finish(_ timing: FrameTiming) {
        tracer?.span(
            "frame", category: "frame", since: frameBegin, thread: "loop",
            args: "\"frame\":\(timing.index),\"steps\":\(timing.steps),\"drawItems\":\(timing.drawItems)")
    }
}
