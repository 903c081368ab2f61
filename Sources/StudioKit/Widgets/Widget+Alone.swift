extension Widget {
    /// This widget and its subtree drawn alone, in the layer its level gives and at its place
    /// on screen (through its parents' transforms, as the frame draws it), moved by `-origin`
    /// (the top left of a crop): what a widget golden and a preview show.
    /// - Throws: `StudioError.invalidLevel` when the level is in no layer.
    package func displayListAlone(measurer: TextMeasurer, origin: Point = .zero) throws -> DisplayList {
        let canvas = Canvas(measurer: measurer)
        canvas.beginLayer(try LayerKind.of(level: level))
        let place = (parent?.transformToRoot ?? .identity).then(.translation(-origin.x, -origin.y))
        canvas.withState(transform: place, alpha: 1) {
            drawTree(in: canvas)
        }
        canvas.endLayer()
        return canvas.list
    }
}
