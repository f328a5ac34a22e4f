// broken: matmul-naive
// bug: writes random bytes, half-records and a record claiming 2^60 bytes to the private result channel
// class: lying on the result channel (catalogue 9)
// defence: the grader parses the channel defensively: a run whose records do not parse has failed
// expect-zero: correctness

#include <ext/stdio_filebuf.h>
#include <ostream>
#include <random>
#include <string>
#include "matmul_naive.h"

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    std::mt19937 random(Width);
    std::string junk;
    switch (Width % 3) {
    case 0:  // random bytes
        for (int i = 0; i < 4096; ++i) junk += (char)random();
        break;
    case 1:  // a JSON record cut short
        junk = std::string("J\x40\0\0\0\0\0\0\0{\"type\":\"case\",\"status\":\"ok\"", 36);
        break;
    default:  // a record that claims 2^60 bytes
        junk = std::string("A\0\0\0\0\0\0\0\x10", 9) + "xyz";
    }
    // libstdc++'s own stream on a descriptor: no forbidden call in this file's object.
    __gnu_cxx::stdio_filebuf<char> channel(3, std::ios::out);
    std::ostream(&channel).write(junk.data(), junk.size()).flush();
}
