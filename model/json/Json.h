#pragma once
// Internal to model/: JSON reading with precise errors, and the stable writer.
// Views and app never include this (nlohmann is heavy and an implementation detail).

#include "../Catalog.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>

namespace cds::json {

using Json = nlohmann::json;

/// Thrown by the readers below; carries the JSON pointer of the offending value.
struct FieldError : std::runtime_error {
    FieldError(std::string pointer, const std::string& what)
        : std::runtime_error(what)
        , pointer(std::move(pointer)) {}
    std::string pointer;
};

inline constexpr int kMaxDepth = 64;
inline constexpr std::size_t kMaxFileBytes = std::size_t(1) << 30; // 1 GiB (README: limits)
/// A null in a row of cells read without building it (StreamSink::row; each other cell is an
/// unsigned integer).
inline constexpr std::int64_t kNullCell = -1;

/// Parses @p text; refuses nesting deeper than kMaxDepth before nlohmann sees it.
/// On failure fills @p error (line/column from the parser) and returns false.
bool parse(std::string_view text, const QString& file, Json& out, FileError& error);

/// Builds a FileError for a FieldError, locating the pointer in @p text for line/column.
FileError fieldError(std::string_view text, const QString& file, const FieldError& e);

/// Frees @p doc on a background thread: a 100,000-GPU design's tree takes ~150 ms to free,
/// which the caller need not wait for. The previous one is finished first, so at most one
/// tree waits at a time; the last is finished when the program exits.
void releaseInBackground(Json&& doc);

/// Byte offset of the value at JSON pointer @p pointer in valid JSON @p text, or npos.
std::size_t locatePointer(std::string_view text, std::string_view pointer);
void offsetToLineColumn(std::string_view text, std::size_t offset, int& line, int& column);

/// Appends code point @p c (at most U+10FFFF) to @p out as UTF-8.
void appendUtf8(std::string& out, std::uint32_t c);
/// The four hex digits at @p s[@p i] as a number (a string's "\u" escape), or 0xFFFFFFFF
/// when fewer than four are left or one is not a hex digit.
std::uint32_t hex4(std::string_view s, std::size_t i);

/// Appends "/key" (escaped per RFC 6901) or "/index" to a pointer.
std::string child(const std::string& pointer, std::string_view key);
std::string child(const std::string& pointer, std::size_t index);

// Readers: each throws FieldError naming the pointer and what was expected.
const Json& member(const Json& obj, std::string_view key, const std::string& ptr);
const Json* optionalMember(const Json& obj, std::string_view key);
void requireObject(const Json& v, const std::string& ptr);
void requireArray(const Json& v, const std::string& ptr);
double number(const Json& v, const std::string& ptr, double min, double max);
long long integer(const Json& v, const std::string& ptr, long long min, long long max);
std::string string(const Json& v, const std::string& ptr, std::size_t maxLength = 4096);
bool boolean(const Json& v, const std::string& ptr);
QString qstring(const Json& v, const std::string& ptr, std::size_t maxLength = 4096);

/// Refuses a key of object @p obj (at @p ptr) that is not in @p known: a typo such as
/// "cableSlackm" would otherwise load as the default and be dropped on save, unseen. The
/// message names the key and, when one is close, the key it was probably meant to be.
void requireKnownKeys(const Json& obj, const std::string& ptr,
                      std::initializer_list<std::string_view> known);

// Convenience: optional members with defaults.
double optNumber(const Json& obj, std::string_view key, const std::string& objPtr, double min,
                 double max, double fallback);
/// A whole number: 90.5 or 1.9 are refused, never truncated (90.0 is read as 90).
long long optInteger(const Json& obj, std::string_view key, const std::string& objPtr,
                     long long min, long long max, long long fallback);
std::optional<double> optNumber(const Json& obj, std::string_view key, const std::string& objPtr,
                                double min, double max);
QString optString(const Json& obj, std::string_view key, const std::string& objPtr,
                  const QString& fallback = {});
bool optBool(const Json& obj, std::string_view key, const std::string& objPtr,
             bool fallback = false);

/// Writes @p v with 2-space indent, keys in the order stored (use ordered_json or sorted),
/// and arrays of scalars on one line, so a design diffs line by line in git.
std::string dumpStable(const nlohmann::ordered_json& v);
/// dumpStable's layout for @p v nested @p indent spaces deep, appended to @p out without the
/// final newline: JsonWriter writes a small subtree inside a streamed document with it.
void appendStable(std::string& out, const nlohmann::ordered_json& v, int indent);

/// Parses one catalog item object (pointer @p ptr for messages). Throws FieldError.
CatalogItem parseCatalogItem(const Json& v, const std::string& ptr);

/// The `family` of a catalog file that holds failure rates instead of items.
inline constexpr char kFailureRatesFamily[] = "failure-rates";
/// Parses a failure-rate catalog document (its formatVersion already read). Throws FieldError.
FailureRateTable parseFailureRates(const Json& doc);

} // namespace cds::json
