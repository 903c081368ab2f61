import StudioDomain
import StudioKit

/// A multiple-choice question of the quiz room.
public struct QuizQuestion: Hashable, Sendable {
    public var text: String
    public var answers: [String]
    /// The index of the right answer in `answers`.
    package var correct: Int

    public init(_ text: String, _ answers: [String], correct: Int) {
        self.text = text
        self.answers = answers
        self.correct = correct
    }

    /// The built-in bank, in English and Chinese.
    public static let bank: [QuizQuestion] = [
        QuizQuestion("中国的首都是哪座城市？", ["上海", "北京", "广州"], correct: 1),
        QuizQuestion("How many legs does a spider have?", ["Six", "Eight", "Ten"], correct: 1),
        QuizQuestion("熊猫最喜欢吃什么？", ["竹子", "苹果", "鱼"], correct: 0),
        QuizQuestion("Which planet is called the Red Planet?", ["Venus", "Jupiter", "Mars"], correct: 2),
        QuizQuestion("一年有几个季节？", ["三个", "四个", "五个"], correct: 1),
        QuizQuestion("Blue and yellow make which color?", ["Green", "Purple", "Orange"], correct: 0),
        QuizQuestion("长城位于哪个国家？", ["日本", "印度", "中国"], correct: 2),
        QuizQuestion("What is 7 × 8?", ["54", "56", "64"], correct: 1),
    ]
}

/// Where the quiz card is in a round.
public enum QuizPhase: Hashable, Sendable {
    /// The question is open; `elapsed` seconds of the countdown have run.
    case asking(elapsed: Double)
    /// The answer is shown with the audience's percentages, `elapsed` seconds so far.
    case revealing(elapsed: Double)
}
