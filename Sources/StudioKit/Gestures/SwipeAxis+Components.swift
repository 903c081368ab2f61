extension SwipeAxis {
    /// The other axis.
    package var across: SwipeAxis { self == .horizontal ? .vertical : .horizontal }

    /// The component of `vector` along this axis.
    public func component(of vector: Point) -> Double {
        self == .horizontal ? vector.x : vector.y
    }
}
