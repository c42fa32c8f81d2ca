use rowkey::RowKey;

#[derive(Debug, Clone, Copy, PartialEq)]
struct Score(f32);

#[derive(RowKey)]
struct Key {
    #[fixed(4)]
    score: Score,
}

fn main() {}
