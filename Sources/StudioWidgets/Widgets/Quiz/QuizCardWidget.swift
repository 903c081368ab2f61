import StudioDomain
import StudioKit

/// The question card of a quiz room, in the middle of the screen: "Question 3", a countdown
/// ring (`countdown` seconds), the question and three answers. Tapping an answer locks it
/// in. When the ring runs out the card shows the right answer in green (a wrong pick in
/// red), what share of the audience chose each answer, and whether the player was right;
/// after `pause` seconds the next question comes.
///
/// Questions come from a built-in bank (English and Chinese): the first and each next one
/// (never the same twice in a row) and the audience's shares are drawn from the studio's
/// seeded `random`; the timing is step time. So a run repeats exactly.
public final class QuizCardWidget: Widget, CatalogWidget {
    public static let catalogName = "quizCard"
    public static let defaultLevel = Levels.quizCard

    package let countdown: Double
    package let pause: Double
    public private(set) var phase = QuizPhase.asking(elapsed: 0)
    package private(set) var question: QuizQuestion
    /// The answer the player locked in this round.
    package private(set) var selected: Int?
    /// The audience's share of each answer, in percent (summing to 100), once revealed.
    package private(set) var percentages: [Int] = []
    /// Questions answered right.
    public private(set) var score = 0
    /// The question's number, from 1.
    public private(set) var round = 1
    private let bank: [QuizQuestion]
    private var bankIndex = 0
    var placement = FramePlacement()
    /// The question laid out in lines, when it changes.
    private var questionLines: [String] = []

    static let size = Size(width: 600, height: 500)
    static let ink = Color(hex: 0x161823)
    static let green = Color(hex: 0x20B486)
    static let red = Color(hex: 0xF5455C)
    static let questionFont = FontSpec.bold(32)
    static let ringCenter = Point(x: size.width - 70, y: 66)

    public init(
        level: Double = Levels.quizCard, countdown: Double = 10, pause: Double = 4,
        bank: [QuizQuestion] = QuizQuestion.bank
    ) {
        self.countdown = countdown
        self.pause = pause
        self.bank = bank.isEmpty ? QuizQuestion.bank : bank
        question = self.bank[0]
        super.init(name: "quizCard", level: level, frame: Rect(origin: Point(x: 60, y: 280), size: Self.size))
    }

    /// Options: `countdown` (seconds per question, 3...60, default 10), `pause` (seconds the
    /// answer shows, 1...30, default 4), `language` ("all", "en" or "zh"), `x`, `y`.
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let language = try options.choice("language", default: "all", allowed: ["all", "en", "zh"])
        let bank = QuizQuestion.bank.filter { q in
            let chinese = q.text.contains { $0.isWideGlyph }
            return language == "all" || (language == "zh") == chinese
        }
        let widget = QuizCardWidget(
            level: level, countdown: try options.double("countdown", default: 10, in: 3...60),
            pause: try options.double("pause", default: 4, in: 1...30), bank: bank)
        widget.placement = try options.placement()
        try options.finish()
        return widget
    }

    public override func didLoad() {
        guard let context else { return }
        frame.origin = placement.origin(
            default: Point(
                x: (context.environment.viewport.width - Self.size.width) / 2,
                y: 280))
        bankIndex = context.environment.random.index(below: bank.count)
        ask(bank[bankIndex])
    }

    /// Seconds left to answer (0 while the answer shows).
    package var secondsLeft: Double {
        if case .asking(let elapsed) = phase { return max(0, countdown - elapsed) }
        return 0
    }

    package var isRevealing: Bool { if case .revealing = phase { return true } else { return false } }

    /// The row of answer `i`, in the widget's coordinates.
    package func answerRect(_ i: Int) -> Rect {
        Rect(x: 32, y: 196 + Double(i) * 86, width: Self.size.width - 64, height: 70)
    }

    public override func handleTap(at point: Point) -> Bool {
        if case .asking = phase, selected == nil,
            let i = question.answers.indices.first(where: { answerRect($0).contains(point) })
        {
            selected = i
        }
        return true
    }

    /// Locks in answer `i` (as a tap on it does) while the question is open.
    package func choose(_ i: Int) {
        guard case .asking = phase, selected == nil, question.answers.indices.contains(i) else { return }
        selected = i
    }

    public override func update(_ step: FrameStep) {
        switch phase {
        case .asking(let elapsed):
            if elapsed + step.dt >= countdown { reveal() } else { phase = .asking(elapsed: elapsed + step.dt) }
        case .revealing(let elapsed):
            if elapsed + step.dt >= pause { next() } else { phase = .revealing(elapsed: elapsed + step.dt) }
        }
    }

    private func ask(_ q: QuizQuestion) {
        question = q
        selected = nil
        percentages = []
        phase = .asking(elapsed: 0)
        let measurer = context?.environment.measurer ?? ApproximateTextMeasurer()
        questionLines = measurer.wrapping(q.text, font: Self.questionFont, maxWidth: Self.size.width - 64, maxLines: 2)
    }

    private func reveal() {
        phase = .revealing(elapsed: 0)
        if selected == question.correct { score += 1 }
        // The audience leans to the right answer: it draws 40-80 shares, the others 5-40.
        var weights: [Int] = []
        for i in question.answers.indices {
            let draw = context?.environment.random.index(below: i == question.correct ? 41 : 36) ?? 0
            weights.append((i == question.correct ? 40 : 5) + draw)
        }
        percentages = Self.percentages(of: weights)
    }

    private func next() {
        round += 1
        if bank.count > 1 {
            let step = 1 + (context?.environment.random.index(below: bank.count - 1) ?? 0)
            bankIndex = (bankIndex + step) % bank.count
        }
        ask(bank[bankIndex])
    }

    /// Whole percentages of `weights` summing to exactly 100 (largest remainders get the
    /// leftover points, ties to the earlier answer).
    static func percentages(of weights: [Int]) -> [Int] {
        let total = weights.reduce(0, +)
        guard total > 0 else { return weights.map { _ in 0 } }
        var shares = weights.map { $0 * 100 / total }
        let remainders = weights.map { $0 * 100 % total }
        let order = remainders.indices.sorted { remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1 }
        for i in order.prefix(100 - shares.reduce(0, +)) { shares[i] += 1 }
        return shares
    }

    /// What the footer says.
    package var footerText: String {
        switch phase {
        case .asking:
            return selected.map { "Locked in: \(question.answers[$0])" } ?? "Tap an answer"
        case .revealing(let elapsed):
            let verdict = selected == nil ? "Time's up" : (selected == question.correct ? "Correct! +10" : "Wrong answer")
            return verdict + " · next in " + "\(Int(clamping: (pause - elapsed - 1e-9).rounded(.up)))"
        }
    }

    /// About 40 draw items per frame (half of them the ring).
    public override func draw(in canvas: Canvas) {
        canvas.fillRoundedRect(bounds, radius: 28, .white)
        canvas.text("Question \(round)", font: .bold(26), color: Palette.brand, at: Point(x: 32, y: 30))
        canvas.text("Score \(score * 10)", font: .regular(22), color: Self.ink.withAlpha(0.5), at: Point(x: 32, y: 66))
        drawRing(canvas)
        for (i, line) in questionLines.enumerated() {
            canvas.text(line, font: Self.questionFont, color: Self.ink, at: Point(x: 32, y: 104 + Double(i) * 42))
        }
        for (i, answer) in question.answers.enumerated() { drawAnswer(canvas, i, answer) }
        let footerColor: Color =
            !isRevealing
            ? Self.ink.withAlpha(0.55)
            : (selected == question.correct ? Self.green : Self.red)
        canvas.text(
            footerText, font: .bold(26), color: footerColor,
            at: Point(x: bounds.width / 2, y: bounds.height - 46), alignment: .center)
    }

    private func drawRing(_ canvas: Canvas) {
        let c = Self.ringCenter
        canvas.stroke(.circle(center: c, radius: 38), Self.ink.withAlpha(0.12), width: 8)
        let left = secondsLeft / countdown
        if left > 0 {
            // The remaining time runs anticlockwise from 12 o'clock; red in the last 3 s.
            let color = secondsLeft <= 3 ? Self.red : Palette.brand
            canvas.strokeArc(center: c, radius: 38, from: -.pi / 2, sweep: 2 * .pi * left, width: 8, color, segments: 40)
        }
        let label = isRevealing ? "✓" : "\(Int(clamping: (secondsLeft - 1e-9).rounded(.up)))"
        canvas.text(label, font: .bold(30), color: Self.ink, at: Point(x: c.x, y: c.y - 18), alignment: .center)
    }

    private func drawAnswer(_ canvas: Canvas, _ i: Int, _ answer: String) {
        let row = answerRect(i)
        let letter = ["A", "B", "C", "D"][min(i, 3)]
        var fill = Color(hex: 0xF1F1F4), ink = Self.ink
        if isRevealing {
            let share = percentages.indices.contains(i) ? percentages[i] : 0
            let tint = i == question.correct ? Self.green : (i == selected ? Self.red : Self.ink)
            canvas.fillRoundedRect(row, radius: row.height / 2, fill)
            canvas.withClip(Rect(x: row.minX, y: row.minY, width: row.width * Double(share) / 100, height: row.height)) {
                canvas.fillRoundedRect(row, radius: row.height / 2, tint.withAlpha(i == question.correct || i == selected ? 0.35 : 0.12))
            }
            canvas.text(
                "\(share)%", font: .bold(26), color: tint, at: Point(x: row.maxX - 28, y: row.minY + 20),
                alignment: .right)
            if i == question.correct { ink = Self.green }
        } else {
            if i == selected {
                fill = Palette.brand.withAlpha(0.16)
                ink = Palette.brand
            }
            canvas.fillRoundedRect(row, radius: row.height / 2, fill)
            if i == selected { canvas.stroke(.roundedRect(row, radius: row.height / 2), Palette.brand, width: 3) }
        }
        canvas.text("\(letter). \(answer)", font: .bold(28), color: ink, at: Point(x: row.minX + 28, y: row.minY + 18))
    }
}
