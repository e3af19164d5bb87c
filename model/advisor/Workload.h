#pragma once

#include <QString>

#include <optional>

namespace cds {

/// Number format of the weights and the math. Training keeps fp32 master weights and Adam
/// state either way (16 bytes per parameter); fp8 doubles the peak rate and halves the
/// weights and KV cache of inference.
enum class Precision : std::uint8_t { Bf16, Fp8 };
QString precisionKey(Precision p); ///< "bf16", "fp8"
std::optional<Precision> precisionFromKey(const QString& key);
/// Bytes per weight (and per KV-cache element) in inference: 2 for bf16, 1 for fp8.
double weightBytes(Precision p);
/// Dense peak relative to bf16: 2 for fp8. The datasheets give exactly twice the bf16 dense
/// figure on every catalog GPU (H100 SXM5 1,979 vs 989 TFLOPS, H100 PCIe 1,513 vs 756, B200
/// 4,500 vs 2,250, MI300X 2,614.9 vs 1,307.4: NVIDIA H100 and DGX B200 datasheets, AMD
/// Instinct MI300X data sheet).
double peakFactor(Precision p);

/// "405B", "15.6T", "7.5e9", "70b": a count with an optional K, M, B (or G) or T suffix.
std::optional<double> parseCount(const QString& text);

/// Activation recomputation. Auto recomputes selectively, and fully the fewest layers that
/// make the activations fit.
enum class Recompute : std::uint8_t { Auto, Selective, Full };

/// @brief The transformer dimensions the memory and traffic figures need.
struct ModelShape {
    int layers = 0;
    int hidden = 0;
    int heads = 0;
    int kvHeads = 0; ///< grouped-query attention: fewer KV heads than query heads
    QString source;  ///< where the shape comes from (published, or derived)
    int headDim() const { return heads > 0 ? hidden / heads : 0; }
    /// The published shape of a Llama 3 model within 10 % of @p params (8B, 70B, 405B: Llama
    /// 3 paper, Dubey et al. 2024, table 3), else a shape derived from params ~ 12 L h^2 with
    /// Llama's aspect ratio (h ~ 128 L), 128-wide heads and 8 KV heads.
    static ModelShape forParams(double params);
};

/// Default model FLOPs utilization: Llama 3 405B reached 38-43 % bf16 MFU on 8,192-16,384
/// H100 GPUs (Dubey et al. 2024, "The Llama 3 Herd of Models", table 4).
inline constexpr double kDefaultMfu = 0.40;

/// @brief "Train this model on these tokens": what the training advisor sizes.
struct TrainingWorkload {
    double params = 0; ///< N
    double tokens = 0; ///< D
    Precision precision = Precision::Bf16;
    int gpus = 0;    ///< a fixed GPU count; 0 = size it (from days, else the smallest that fits)
    double days = 0; ///< target wall-clock time; 0 = none
    double mfu = kDefaultMfu;
    int sequenceLength = 8192;
    int microBatch = 1; ///< sequences per micro-batch
    /// Tokens per optimizer step; 0 = automatic, 4M-16M tokens as Llama 3 405B used (Llama 3
    /// paper, section 3.4.1), enough for 4 micro-batches per pipeline stage.
    double globalBatchTokens = 0;
    Recompute recompute = Recompute::Auto;
    std::optional<ModelShape> shape; ///< nullopt: ModelShape::forParams(params)
    ModelShape modelShape() const { return shape ? *shape : ModelShape::forParams(params); }
};

/// @brief "Serve this model": what the inference advisor sizes.
struct InferenceWorkload {
    double params = 0;
    Precision precision = Precision::Bf16;
    int context = 8192;         ///< tokens per sequence (prompt + output)
    int concurrency = 1;        ///< sequences in flight on one replica
    double tokensPerSecond = 0; ///< target output tokens/s over all replicas; 0 = one replica
    std::optional<ModelShape> shape;
    ModelShape modelShape() const { return shape ? *shape : ModelShape::forParams(params); }
};

} // namespace cds
