#pragma once

#include <QByteArray>
#include <QString>

#include <memory>
#include <utility>
#include <vector>

namespace cds {

/// Relative path and contents of one file of a folder export.
using FolderFile = std::pair<QString, QByteArray>;

/// @brief Where an export writes its bytes as it produces them: a staged file
/// (StagedFolder, AtomicFile.h) or memory (MemoryFolder), so a large export never holds a
/// whole file.
class ByteSink {
public:
    virtual ~ByteSink() = default;
    void write(const QByteArray& bytes) { put(bytes.constData(), bytes.size()); }
    /// @p text as UTF-8: the bytes of QString::toUtf8(). Writers pass whole lines, so a
    /// file written line by line has the bytes of its whole text converted at once.
    void writeText(const QString& text) { write(text.toUtf8()); }

protected:
    virtual void put(const char* data, qsizetype size) = 0;
};

/// @brief The files of a folder export, each written as it is produced.
class FolderSink {
public:
    virtual ~FolderSink() = default;
    /// Starts file @p rel (a path inside the folder): its sink, valid until the folder is
    /// gone; nullptr when the file cannot be made (error() says why).
    virtual ByteSink* open(const QString& rel) = 0;
    /// Ends the file @p file of open(): false when it could not be written (error() says why).
    virtual bool close(ByteSink* file) = 0;
    /// The first failure: the file's path and the system's reason. Empty while all is well.
    virtual QString error() const = 0;
    /// One whole file: opens @p rel, lets @p produce write it (produce(ByteSink&)), closes it.
    template <typename Produce> bool file(const QString& rel, Produce&& produce) {
        ByteSink* sink = open(rel);
        if (!sink)
            return false;
        produce(*sink);
        return close(sink);
    }
};

/// @brief A folder export held in memory (tests, and callers that want the bytes): its files
/// in the order they were opened.
class MemoryFolder final : public FolderSink {
public:
    ByteSink* open(const QString& rel) override {
        m_files.push_back(std::make_unique<File>());
        m_files.back()->rel = rel;
        return m_files.back().get();
    }
    bool close(ByteSink*) override { return true; }
    QString error() const override { return {}; }
    std::vector<FolderFile> files() const {
        std::vector<FolderFile> out;
        out.reserve(m_files.size());
        for (const auto& f : m_files)
            out.emplace_back(f->rel, f->bytes);
        return out;
    }

private:
    struct File final : ByteSink {
        QString rel;
        QByteArray bytes;
        void put(const char* data, qsizetype size) override { bytes.append(data, size); }
    };
    std::vector<std::unique_ptr<File>> m_files;
};

} // namespace cds
