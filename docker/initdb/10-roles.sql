-- Runs once, when the postgres volume is first initialised.
CREATE ROLE bourre_owner LOGIN CREATEDB PASSWORD 'bourre_owner';
CREATE ROLE bourre_app LOGIN PASSWORD 'bourre_app';
CREATE DATABASE bourre OWNER bourre_owner;
