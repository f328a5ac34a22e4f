// What a wrong picture means in terms of the blocks that cover it: the map of wrong blocks, and the
// shapes that name a thread-mapping bug. Shared by the picture problems (scale, greyscale, blur).
#pragma once

#include <string>

#include "kit/problem.h"

namespace kit {

// The lines under a picture problem's failure: the map of wrong BLOCK_WIDTH x BLOCK_WIDTH blocks of the
// (height x width) output.
std::string explain_picture_failure(const Failure& failure);

// The headline's cause when the never-written pixels are exactly those a kernel with Row taken from x
// and Col from y leaves out (a 76x62 picture covered by 80x64 threads loses its columns 64..75 when the
// 64 threads along y are made to count columns); "" otherwise.
std::string picture_index_cause(const Failure& failure);

}  // namespace kit
