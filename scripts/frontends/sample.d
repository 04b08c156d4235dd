// A small D program for scripts/wider-corpus.sh: loops, exceptions (invoke, landingpad), arrays,
// structs; compiled by ldc2 -O0 -g, promoted by opt-14 -passes=mem2reg and validated.
module sample;

int fib(int n) { int a = 0, b = 1; foreach (i; 0 .. n) { auto t = a + b; a = b; b = t; } return a; }

string rev(string s) { char[] r; foreach_reverse (c; s) r ~= c; return r.idup; }

int tryit(int x) {
  try {
    if (x < 0) throw new Exception("neg");
    return x * 2;
  } catch (Exception e) {
    return -1;
  } finally {
    x++;
  }
}

struct P { int x, y; }

int dot(P[] ps) { int s = 0; foreach (p; ps) s += p.x * p.y; return s; }
