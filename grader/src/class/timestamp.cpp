#include "class/timestamp.h"

#include <cctype>
#include <cstdio>
#include <ctime>

namespace kit {
namespace {

// Days since 1970-01-01 of a date of the proleptic Gregorian calendar (H. Hinnant's days_from_civil).
std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

// The inverse: the date of a day since 1970-01-01.
void civil_from_days(std::int64_t z, int& y, unsigned& m, unsigned& d) {
  z += 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const unsigned doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  d = doy - (153 * mp + 2) / 5 + 1;
  m = mp < 10 ? mp + 3 : mp - 9;
  y = static_cast<int>(static_cast<std::int64_t>(yoe) + era * 400 + (m <= 2));
}

unsigned days_in_month(int year, unsigned month) {
  static const unsigned days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return month == 2 && leap ? 29 : days[month - 1];
}

// Reads exactly `count` digits at `pos` into `value`.
bool read_digits(const std::string& text, std::size_t& pos, std::size_t count, int& value) {
  value = 0;
  for (std::size_t i = 0; i < count; ++i, ++pos) {
    if (pos >= text.size() || !std::isdigit(static_cast<unsigned char>(text[pos]))) return false;
    value = value * 10 + (text[pos] - '0');
  }
  return true;
}

std::optional<Timestamp> not_a_time(std::string* why, const std::string& reason) {
  if (why) *why = reason;
  return std::nullopt;
}

}  // namespace

const char* const kTimestampExample =
    "an ISO 8601 date and time with its UTC offset, e.g. 2026-12-01T23:59:00-05:00 (or ...Z for UTC)";

std::optional<Timestamp> parse_timestamp(const std::string& raw, std::string* why) {
  std::string text = raw;
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.erase(text.begin());
  std::size_t pos = 0;
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  const bool date = read_digits(text, pos, 4, year) && pos < text.size() && text[pos++] == '-' &&
                    read_digits(text, pos, 2, month) && pos < text.size() && text[pos++] == '-' && read_digits(text, pos, 2, day);
  if (!date) return not_a_time(why, "is not a date and time");
  if (pos == text.size()) return not_a_time(why, "is a date without a time and UTC offset");
  if (text[pos] != 'T' && text[pos] != 't' && text[pos] != ' ') return not_a_time(why, "is not a date and time");
  ++pos;
  if (!read_digits(text, pos, 2, hour) || pos >= text.size() || text[pos++] != ':' || !read_digits(text, pos, 2, minute))
    return not_a_time(why, "is not a date and time (the time is written HH:MM or HH:MM:SS)");
  if (pos < text.size() && text[pos] == ':' && !read_digits(text, ++pos, 2, second))
    return not_a_time(why, "is not a date and time (the seconds are two digits)");
  bool fraction = false;
  if (pos < text.size() && (text[pos] == '.' || text[pos] == ',')) {
    const std::size_t start = ++pos;
    while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos]))) fraction |= text[pos++] != '0';
    if (pos == start) return not_a_time(why, "is not a date and time (a fraction of a second needs digits)");
  }
  if (pos < text.size() && text[pos] == ' ') ++pos;
  if (pos == text.size()) return not_a_time(why, "has no UTC offset");
  int offset = 0;
  if (text[pos] == 'Z' || text[pos] == 'z') {
    ++pos;
  } else if (text[pos] == '+' || text[pos] == '-') {
    const int sign = text[pos++] == '-' ? -1 : 1;
    int oh = 0, om = 0;
    if (!read_digits(text, pos, 2, oh)) return not_a_time(why, "has a UTC offset that is not +HH:MM or -HH:MM");
    if (pos < text.size() && text[pos] == ':') ++pos;
    if (pos < text.size() && !read_digits(text, pos, 2, om))
      return not_a_time(why, "has a UTC offset that is not +HH:MM or -HH:MM");
    if (oh > 14 || om > 59) return not_a_time(why, "has a UTC offset beyond +-14:00");
    offset = sign * (oh * 60 + om);
  } else {
    return not_a_time(why, "has no UTC offset");
  }
  if (pos != text.size()) return not_a_time(why, "has something after its UTC offset");
  if (month < 1 || month > 12) return not_a_time(why, "names month " + std::to_string(month) + ", which does not exist");
  if (day < 1 || static_cast<unsigned>(day) > days_in_month(year, static_cast<unsigned>(month)))
    return not_a_time(why, "names a day its month does not have");
  if (hour > 23 || minute > 59 || second > 59) return not_a_time(why, "names a time of day that does not exist");
  Timestamp t;
  t.offset_minutes = offset;
  t.utc_seconds = days_from_civil(year, static_cast<unsigned>(month), static_cast<unsigned>(day)) * 86400 +
                  hour * 3600 + minute * 60 + second - static_cast<std::int64_t>(offset) * 60 + (fraction ? 1 : 0);
  return t;
}

std::string timestamp_text(const Timestamp& time) {
  const std::int64_t local = time.utc_seconds + static_cast<std::int64_t>(time.offset_minutes) * 60;
  std::int64_t days = local / 86400, seconds = local % 86400;
  if (seconds < 0) {
    seconds += 86400;
    --days;
  }
  int y = 0;
  unsigned m = 0, d = 0;
  civil_from_days(days, y, m, d);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02uT%02d:%02d:%02d", y, m, d, static_cast<int>(seconds / 3600),
                static_cast<int>(seconds % 3600 / 60), static_cast<int>(seconds % 60));
  std::string text = buf;
  if (time.offset_minutes == 0) return text + "Z";
  const int o = time.offset_minutes < 0 ? -time.offset_minutes : time.offset_minutes;
  std::snprintf(buf, sizeof buf, "%c%02d:%02d", time.offset_minutes < 0 ? '-' : '+', o / 60, o % 60);
  return text + buf;
}

Timestamp timestamp_now() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  Timestamp t;
  t.utc_seconds = static_cast<std::int64_t>(now);
  t.offset_minutes = static_cast<int>(local.tm_gmtoff / 60);
  return t;
}

}  // namespace kit
