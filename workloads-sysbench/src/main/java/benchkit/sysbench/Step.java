package benchkit.sysbench;

/** A block run {@code count} times against one table picked uniformly (as sysbench does per block). */
record Step(Block block, int count) {
}
