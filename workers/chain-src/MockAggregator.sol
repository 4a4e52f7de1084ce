// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title Mock price feed
/// @notice Answers like a Chainlink AggregatorV3Interface feed (decimals, description, version,
/// latestRoundData, getRoundData) with answers its owner sets. Each update opens a new round whose
/// startedAt and updatedAt are the block's timestamp, so advancing the chain's clock ages a price.
/// For the local EVM only.
contract MockAggregator {
    struct Round {
        int256 answer;
        uint256 startedAt;
        uint256 updatedAt;
    }

    uint8 public immutable decimals;
    string public description;
    uint256 public constant version = 4;
    address public immutable owner;

    uint80 public latestRound;
    mapping(uint80 => Round) private rounds;

    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);

    constructor(uint8 feedDecimals, string memory feedDescription, int256 initialAnswer) {
        decimals = feedDecimals;
        description = feedDescription;
        owner = msg.sender;
        _update(initialAnswer);
    }

    function updateAnswer(int256 answer) external {
        require(msg.sender == owner, "MockAggregator: only the owner updates");
        _update(answer);
    }

    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        return _round(latestRound);
    }

    function getRoundData(uint80 roundId)
        external
        view
        returns (uint80, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        require(roundId > 0 && roundId <= latestRound, "MockAggregator: no data for the round");
        return _round(roundId);
    }

    function _round(uint80 roundId) private view returns (uint80, int256, uint256, uint256, uint80) {
        Round storage round = rounds[roundId];
        return (roundId, round.answer, round.startedAt, round.updatedAt, roundId);
    }

    function _update(int256 answer) private {
        latestRound += 1;
        rounds[latestRound] = Round(answer, block.timestamp, block.timestamp);
        emit AnswerUpdated(answer, latestRound, block.timestamp);
    }
}
