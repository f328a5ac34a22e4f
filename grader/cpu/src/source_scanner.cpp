#include "source_scanner.h"

#include <algorithm>
#include <cstring>

#include <kitcpu/rewrite.h>

namespace kitcpu::detail {
namespace {

bool is_identifier_start(unsigned char c) { return c == '_' || (c | 0x20) - 'a' < 26u || c >= 0x80; }
bool is_identifier_char(unsigned char c) { return is_identifier_start(c) || c - '0' < 10u; }
bool is_digit(unsigned char c) { return c - '0' < 10u; }

bool is_encoding_prefix(std::string_view word) {
  return word == "u8" || word == "u" || word == "U" || word == "L";
}
bool is_raw_prefix(std::string_view word) {
  return word == "R" || word == "u8R" || word == "uR" || word == "UR" || word == "LR";
}

// Longest first, so that `<<<` is never read as `<<` then `<`.
constexpr const char* kPunctuators[] = {"<<<", ">>>", "<<=", ">>=", "...", "::", "->", "<<", ">>", "<=", ">=",
                                        "==",  "!=",  "&&",  "||",  "++",  "--", "+=", "-=", "*=", "/=", "%=",
                                        "&=",  "|=",  "^="};

// Scans [begin, end) of the source. A file is scanned with its directives recorded and skipped; a
// directive's body is scanned as code, leniently.
class Scanner {
 public:
  Scanner(const std::string& source, std::vector<Directive>* directives)
      : s_(source), end_(source.size()), directives_(directives) {}
  Scanner(const std::string& source, const Directive& directive)
      : s_(source), i_(directive.body), end_(directive.end), line_(directive.line), at_line_start_(false),
        in_directive_(true) {}

  std::vector<Token> run() {
    while (i_ < end_) {
      const unsigned char c = s_[i_];
      if (c == '\n') {
        ++line_;
        ++i_;
        at_line_start_ = true;
      } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
        ++i_;
      } else if (c == '\\' && peek(1) == '\n') {
        i_ += 2;
        ++line_;
      } else if (c == '/' && peek(1) == '/') {
        skip_line_comment();
      } else if (c == '/' && peek(1) == '*') {
        skip_block_comment();
      } else if ((c == '#' || (c == '%' && peek(1) == ':')) && at_line_start_ && !in_directive_) {
        skip_directive();  // `%:` is the digraph of `#`
      } else {
        at_line_start_ = false;
        scan_token();
      }
    }
    return std::move(tokens_);
  }

 private:
  char peek(std::size_t k) const { return i_ + k < end_ ? s_[i_ + k] : '\0'; }

  void emit(TokenKind kind, std::size_t begin, int line) { tokens_.push_back(Token{kind, begin, i_, line}); }

  void skip_line_comment() {
    while (i_ < end_ && s_[i_] != '\n') ++i_;
  }

  void skip_block_comment() {
    const int start_line = line_;
    const std::size_t close = s_.find("*/", i_ + 2);
    if (close == std::string::npos || close + 2 > end_) throw RewriteError(start_line, "unterminated /* comment");
    count_newlines(i_, close + 2);
    i_ = close + 2;
  }

  // A directive ends at the first newline that is not escaped and not inside a /* comment. Its string
  // literals (#include "a//b.h") are skipped so that they cannot open a comment.
  void skip_directive() {
    Directive directive{{}, i_, i_, i_, line_};
    i_ += s_[i_] == '%' ? 2 : 1;
    skip_directive_space();
    while (i_ < end_ && is_identifier_char(s_[i_]) && (!directive.name.empty() || is_identifier_start(s_[i_]))) {
      directive.name += s_[i_++];
      skip_splice_in_identifier();
    }
    directive.body = i_;
    while (i_ < end_ && s_[i_] != '\n') {
      if (s_[i_] == '\\' && peek(1) == '\n') {
        i_ += 2;
        ++line_;
      } else if (s_[i_] == '/' && peek(1) == '*') {
        skip_block_comment();
      } else if (s_[i_] == '/' && peek(1) == '/') {
        skip_line_comment();
      } else if (s_[i_] == '"') {
        ++i_;
        while (i_ < end_ && s_[i_] != '"' && s_[i_] != '\n') i_ += (s_[i_] == '\\' && peek(1) != '\n') ? 2 : 1;
        if (i_ < end_ && s_[i_] == '"') ++i_;
      } else {
        ++i_;
      }
    }
    directive.end = std::min(i_, end_);
    if (directives_ != nullptr) directives_->push_back(directive);
  }

  // Between `#` and the directive's name: blanks, escaped newlines and /* comments */, which a hostile
  // file could use to hide a name from a check that looked only for blanks.
  void skip_directive_space() {
    while (i_ < end_) {
      if (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\f' || s_[i_] == '\v' || s_[i_] == '\r') {
        ++i_;
      } else if (s_[i_] == '\\' && peek(1) == '\n') {
        i_ += 2;
        ++line_;
      } else if (s_[i_] == '/' && peek(1) == '*') {
        skip_block_comment();
      } else {
        return;
      }
    }
  }

  // A backslash-newline followed by more of the identifier: the compiler joins the two lines first.
  void skip_splice_in_identifier() {
    while (i_ + 2 < end_ && s_[i_] == '\\' && s_[i_ + 1] == '\n' && is_identifier_char(s_[i_ + 2])) {
      i_ += 2;
      ++line_;
    }
  }

  void count_newlines(std::size_t from, std::size_t to) {
    for (std::size_t k = from; k < to; ++k) line_ += s_[k] == '\n';
  }

  void scan_token() {
    const std::size_t begin = i_;
    const int line = line_;
    const unsigned char c = s_[i_];
    if (is_identifier_start(c)) {
      while (i_ < end_ && is_identifier_char(s_[i_])) {
        ++i_;
        skip_splice_in_identifier();
      }
      const std::string_view word(s_.data() + begin, i_ - begin);
      if (peek(0) == '"' && is_raw_prefix(word)) return scan_raw_string(begin, line);
      if ((peek(0) == '"' || peek(0) == '\'') && is_encoding_prefix(word)) return scan_quoted(begin, line);
      return emit(TokenKind::identifier, begin, line);
    }
    if (is_digit(c) || (c == '.' && is_digit(peek(1)))) return scan_number(begin, line);
    if (c == '"' || c == '\'') return scan_quoted(begin, line);
    for (const char* p : kPunctuators) {
      const std::size_t n = std::strlen(p);
      if (i_ + n <= end_ && s_.compare(i_, n, p) == 0) {
        i_ += n;
        return emit(TokenKind::punctuator, begin, line);
      }
    }
    ++i_;
    emit(TokenKind::punctuator, begin, line);
  }

  // A preprocessing number: digits, letters, dots, digit separators and signed exponents (1e-3f, 0x1p+4).
  void scan_number(std::size_t begin, int line) {
    while (i_ < end_) {
      const unsigned char c = s_[i_];
      if ((c == '+' || c == '-') && std::strchr("eEpP", s_[i_ - 1]) != nullptr) {
        ++i_;
      } else if (c == '\'' && is_identifier_char(peek(1))) {
        i_ += 2;
      } else if (is_identifier_char(c) || c == '.') {
        ++i_;
      } else {
        break;
      }
    }
    emit(TokenKind::number, begin, line);
  }

  // "..." or '...' after an optional encoding prefix (already consumed; i_ is at the quote).
  void scan_quoted(std::size_t begin, int line) {
    const char quote = s_[i_++];
    while (true) {
      if (i_ >= end_ || s_[i_] == '\n') {
        if (in_directive_) break;
        throw RewriteError(line, std::string("missing terminating ") + quote + " character");
      }
      if (s_[i_] == '\\') {
        if (peek(1) == '\n') ++line_;
        i_ += 2;
      } else if (s_[i_++] == quote) {
        break;
      }
    }
    emit(TokenKind::literal, begin, line);
  }

  // R"delim( ... )delim" — nothing inside is escaped, and it may span lines.
  void scan_raw_string(std::size_t begin, int line) {
    const std::size_t open = s_.find('(', i_);
    if (open == std::string::npos || open >= end_) throw RewriteError(line, "malformed raw string literal");
    const std::string terminator = ")" + s_.substr(i_ + 1, open - i_ - 1) + "\"";
    const std::size_t close = s_.find(terminator, open);
    if (close == std::string::npos || close + terminator.size() > end_) {
      throw RewriteError(line, "unterminated raw string literal");
    }
    count_newlines(i_, close);
    i_ = close + terminator.size();
    emit(TokenKind::literal, begin, line);
  }

  const std::string& s_;
  std::size_t i_ = 0;
  std::size_t end_;
  int line_ = 1;
  bool at_line_start_ = true;
  bool in_directive_ = false;
  std::vector<Directive>* directives_ = nullptr;
  std::vector<Token> tokens_;
};

}  // namespace

std::vector<Token> scan_cuda_source(const std::string& source, std::vector<Directive>* directives) {
  return Scanner(source, directives).run();
}

std::string spliced_text(const std::string& source, const Token& token) {
  std::string out;
  for (std::size_t k = token.begin; k < token.end; ++k) {
    if (source[k] == '\\' && k + 1 < token.end && source[k + 1] == '\n') {
      ++k;
    } else {
      out += source[k];
    }
  }
  return out;
}

std::vector<Token> scan_directive_body(const std::string& source, const Directive& directive) {
  return Scanner(source, directive).run();
}

}  // namespace kitcpu::detail
